#include "runtime/tools/openssl/openssl_procedure.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "runtime/tools/openssl/openssl_build.hpp"
#include "runtime/tools/openssl/openssl_report.hpp"

namespace hwbench::runtime::tools::openssl {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

/// Whether a row of the symmetric table names a digest rather than a cipher.
bool digest_row(const std::string& row) {
  static const char* const digests[] = {"md2",    "md4",    "md5",    "mdc2",      "sha1",      "sha224", "sha256",
                                        "sha384", "sha512", "rmd160", "ripemd160", "whirlpool", "sm3"};
  if (std::find(std::begin(digests), std::end(digests), row) != std::end(digests)) return true;
  for (const char* prefix : {"sha3-", "sha512-", "blake2", "shake"})
    if (row.rfind(prefix, 0) == 0) return true;
  return false;
}

/// One row's cells as the log has them, in the log's order.
struct RowCells {
  std::string row;
  std::vector<std::uint64_t> blocks;
};

/// The options of the `$ openssl speed …` line the log showed (its note), if any.
struct SpeedOptions {
  std::string seconds;  ///< -seconds N
  bool decrypt = false;
};

SpeedOptions speed_options(const model::Result& log) {
  SpeedOptions o;
  const auto note = log.meta.find("note");
  if (note == log.meta.end()) return o;
  std::smatch m;
  if (std::regex_search(note->second, m, std::regex(R"(-seconds\s+([0-9]+))"))) o.seconds = m[1];
  o.decrypt = note->second.find("-decrypt") != std::string::npos;
  return o;
}

}  // namespace

std::string symmetric_statement(std::string_view row_text) {
  const std::string row = lower(row_text);
  if (row.rfind("hmac(", 0) == 0 && row.back() == ')') return "hmac " + row.substr(5, row.size() - 6);
  if (digest_row(row)) return "digest " + row;
  // The names 0.9.8 to 1.1 print for the rows EVP names otherwise.
  static const std::map<std::string, std::string> renamed = {
      {"blowfish cbc", "blowfish"}, {"rc5-32/12 cbc", "rc5-cbc"}, {"des ede3", "des-ede3"}, {"cast cbc", "cast-cbc"}};
  if (const auto it = renamed.find(row); it != renamed.end()) return "cipher " + it->second;
  std::string evp = row;
  std::replace(evp.begin(), evp.end(), ' ', '-');
  return "cipher " + evp;
}

std::optional<std::string> key_statement(std::string_view row, std::string_view op) {
  std::smatch m;
  const std::string text(row);
  if (std::regex_match(text, m, std::regex(R"((rsa|dsa) ([0-9]+) bits)")))
    return fmt::format("pkey {} bits {} {}", m[1].str(), m[2].str(), op);
  if (std::regex_match(text, m, std::regex(R"(([0-9]+) bits ecdsa \(nistp[0-9]+\))")))
    return fmt::format("pkey ecdsa bits {} {}", m[1].str(), op);
  if (text.find("Ed25519") != std::string::npos) return fmt::format("pkey ed25519 {}", op);
  return std::nullopt;
}

std::string speed_algorithm(std::string_view row_text, std::string_view op) {
  const std::string row = lower(row_text);
  std::smatch m;
  if (!op.empty()) {
    if (std::regex_match(row, m, std::regex(R"((rsa|dsa) ([0-9]+) bits)"))) return m[1].str() + m[2].str();
    if (std::regex_match(row, m, std::regex(R"([0-9]+ bits ecdsa \((nistp[0-9]+)\))")))
      return "ecdsa" + m[1].str().substr(5);
    if (row.find("ed25519") != std::string::npos) return "ed25519";
    return "";
  }
  if (row == "hmac(md5)") return "hmac";
  // openssl speed 3.x has no IGE modes, and runs other HMACs only through -hmac.
  if (row.rfind("hmac(", 0) == 0 || row.ends_with(" ige") || row.ends_with("-ige")) return "";
  if (row == "blowfish cbc" || row == "blowfish") return "bf-cbc";
  if (row == "rc5-32/12 cbc") return "rc5-cbc";
  std::string name = row;
  std::replace(name.begin(), name.end(), ' ', '-');
  return name;
}

namespace {

/// The log's tables: its symmetric rows with their block sizes, its key rows, in the log's order.
struct LoggedTables {
  std::vector<RowCells> rows;
  std::vector<OpensslCell> keys;
  std::vector<std::string> key_labels;
};

LoggedTables logged_tables(const model::Result& log) {
  LoggedTables t;
  for (const auto& series : log.series) {
    const auto cell = openssl_cell(series);
    if (!cell) continue;
    if (cell->block == 0) {
      t.keys.push_back(*cell);
      t.key_labels.push_back(series.label);
      continue;
    }
    auto it = std::find_if(t.rows.begin(), t.rows.end(), [&](const RowCells& r) { return r.row == cell->row; });
    if (it == t.rows.end()) it = t.rows.insert(t.rows.end(), RowCells{cell->row, {}});
    it->blocks.push_back(cell->block);
  }
  return t;
}

/// The `exec openssl speed …` section: the program itself on the log's algorithms, imported.
void write_original(record::RecipeWriter& w, const LoggedTables& t, int copies, const std::string& seconds) {
  std::vector<std::string> algorithms;
  const auto add = [&](const std::string& row, const std::string& name) {
    if (name.empty())
      w.comment(fmt::format("openssl speed 3.x runs no \"{}\": hwbench's kernel only", row));
    else if (std::find(algorithms.begin(), algorithms.end(), name) == algorithms.end())
      algorithms.push_back(name);
  };
  for (const auto& r : t.rows) add(r.row, speed_algorithm(r.row, ""));
  for (const auto& k : t.keys) add(k.row, speed_algorithm(k.row, k.op));
  // A table of one block size was run with -bytes.
  std::set<std::uint64_t> blocks;
  for (const auto& r : t.rows) blocks.insert(r.blocks.begin(), r.blocks.end());
  std::string options = copies > 0 ? fmt::format(" -multi {}", copies) : "";
  if (blocks.size() == 1) options += fmt::format(" -bytes {}", *blocks.begin());
  // Its own variable: openssl speed reads -seconds as a whole number, so `--set seconds=100ms`,
  // which shortens the kernels, would give it "0.1" and a refusal.
  w.statement(fmt::format("let openssl_seconds = {}", seconds.empty() ? "3" : seconds),
              "openssl speed -seconds: whole seconds (--set openssl_seconds=1 for a quick pass)");
  w.statement("section \"openssl speed\" {");
  w.statement(fmt::format("  exec openssl speed -elapsed{} -seconds $openssl_seconds {} import openssl missing skip",
                          options, fmt::join(algorithms, " ")),
              "the program itself, where it is installed (--original)");
  w.statement("  report openssl");
  w.statement("}");
  w.blank();
  w.statement("section \"hwbench\" {");
}

}  // namespace

record::Procedure openssl_procedure(const model::Result& log, std::string_view text, const std::string& name,
                                    bool original) {
  record::RecipeWriter w(text);
  const auto build = read_build(log);
  const std::string version = build && build->version ? *build->version : "";
  w.header(fmt::format("openssl speed{}, the rows and block sizes of its tables",
                       version.empty() ? "" : " (" + version + ")"),
           name, log.machine);
  w.statement("title \"openssl speed: the rows and block sizes of the log\"");
  w.statement(fmt::format("source {}", record::RecipeWriter::quote("reproduced from " + name)));
  w.statement(
      "note \"libcrypto's EVP interface in-process; one operation is one EVP update on one block (a whole "
      "digest for digests), or one sign or verify\"");
  w.blank();
  const SpeedOptions options = speed_options(log);
  const int copies = build ? build->multi : 0;
  if (copies > 0)
    w.comment(fmt::format("openssl speed -multi {}: {} copies at once, their figures added", copies, copies));
  if (options.seconds.empty()) {
    w.assumed("the time per cell and per sign or verify: openssl speed's defaults");
    w.statement("let seconds = 3s", "openssl speed: 3 s per cell of the block-size table");
    w.statement("let key_seconds = 10s", "openssl speed: 10 s per sign or verify");
  } else {
    w.statement(fmt::format("let seconds = {}s", options.seconds), w.cite("-seconds"));
    w.statement("let key_seconds = $seconds", "-seconds sets both");
  }
  w.blank();
  const auto wrap = [&](const std::string& statement, const char* duration) {
    return copies > 0 ? fmt::format("parallel {} {{ {} for ${} }}", copies, statement, duration)
                      : fmt::format("{} for ${}", statement, duration);
  };
  const LoggedTables t = logged_tables(log);
  if (original) write_original(w, t, copies, options.seconds);
  for (const auto& r : t.rows) {
    std::string statement = symmetric_statement(r.row) + " block $b";
    if (options.decrypt && statement.rfind("cipher ", 0) == 0) statement += " decrypt";
    std::string label = record::RecipeWriter::quote(r.row);
    label.insert(label.size() - 1, " $b bytes");
    w.statement(fmt::format("for b in [{}] series {} {}", fmt::join(r.blocks, ", "), label, wrap(statement, "seconds")),
                w.cite_row(printed_row(build, r.row) + " "));
  }
  for (std::size_t i = 0; i < t.keys.size(); ++i) {
    const auto statement = key_statement(t.keys[i].row, t.keys[i].op);
    if (statement)
      w.statement(
          fmt::format("series {} {}", record::RecipeWriter::quote(t.key_labels[i]), wrap(*statement, "key_seconds")),
          w.cite_row(printed_row(build, t.keys[i].row)));
    else
      w.comment(fmt::format("not reproduced: \"{}\": no hwbench kernel runs {} ({})", t.key_labels[i], t.keys[i].row,
                            w.cite_row(printed_row(build, t.keys[i].row))));
  }
  w.blank();
  w.statement("report openssl", "the layout the log printed");
  if (original) w.end_hwbench_section("openssl speed");
  return w.finish("openssl", original);
}

void relabel_like_log(model::Result& part, const model::Result& log) {
  // Each of the log's cells by what runs it: 3.x's "des-ede3" and 0.9.8's "des ede3" alike.
  std::map<std::string, std::string> label_of;
  const auto key = [](const OpensslCell& c) {
    return c.block > 0 ? fmt::format("{} {}", symmetric_statement(c.row), c.block)
                       : fmt::format("{} {}", key_statement(c.row, c.op).value_or(c.row), c.op);
  };
  for (const auto& series : log.series)
    if (const auto cell = openssl_cell(series)) label_of.emplace(key(*cell), series.label);
  // A cell the log has no figure for has nothing to meet: 3.x's 16384-byte column beside 0.9.8's
  // five, which would stand apart, under 3.x's row name, without a base.
  std::erase_if(part.series, [&](model::Series& series) {
    const auto cell = openssl_cell(series);
    if (!cell) return false;
    const auto it = label_of.find(key(*cell));
    if (it == label_of.end()) return true;
    series.label = it->second;
    return false;
  });
}

}  // namespace hwbench::runtime::tools::openssl
