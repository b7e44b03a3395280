#include "runtime/tools/openssl/openssl_procedure.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
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

record::Procedure openssl_procedure(const model::Result& log, std::string_view text, const std::string& name) {
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
  auto wrap = [&](const std::string& statement, const char* duration) {
    return copies > 0 ? fmt::format("parallel {} {{ {} for ${} }}", copies, statement, duration)
                      : fmt::format("{} for ${}", statement, duration);
  };
  // Rows in the log's order, each with its cells.
  std::vector<RowCells> rows;
  std::vector<std::pair<std::string, std::string>> keys;  // statement (or comment), its citation
  for (const auto& series : log.series) {
    const auto cell = openssl_cell(series);
    if (!cell) continue;
    if (cell->block == 0) {
      if (auto s = key_statement(cell->row, cell->op))
        keys.emplace_back(
            fmt::format("series {} {}", record::RecipeWriter::quote(series.label), wrap(*s, "key_seconds")),
            w.cite_row(cell->row));
      else
        keys.emplace_back("", fmt::format("not reproduced: \"{}\": no hwbench kernel runs {} ({})", series.label,
                                          cell->row, w.cite_row(cell->row)));
      continue;
    }
    auto it = std::find_if(rows.begin(), rows.end(), [&](const RowCells& r) { return r.row == cell->row; });
    if (it == rows.end()) {
      rows.push_back({cell->row, {}});
      it = rows.end() - 1;
    }
    it->blocks.push_back(cell->block);
  }
  for (const auto& r : rows) {
    std::string statement = symmetric_statement(r.row) + " block $b";
    if (options.decrypt && statement.rfind("cipher ", 0) == 0) statement += " decrypt";
    std::string label = record::RecipeWriter::quote(r.row);
    label.insert(label.size() - 1, " $b bytes");
    w.statement(fmt::format("for b in [{}] series {} {}", fmt::join(r.blocks, ", "), label, wrap(statement, "seconds")),
                w.cite_row(r.row + " "));
  }
  for (const auto& [statement, why] : keys) {
    if (statement.empty())
      w.comment(why);
    else
      w.statement(statement, why);
  }
  w.blank();
  w.statement("report openssl", "the layout the log printed");
  return w.finish("openssl");
}

}  // namespace hwbench::runtime::tools::openssl
