#include "runtime/tools/openssl/openssl_import.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "base/support/system_text.hpp"
#include "kernels/crypto/algorithms.hpp"
#include "lang/common/diagnostics.hpp"
#include "runtime/tools/openssl/openssl_report.hpp"

namespace hwbench::runtime::tools::openssl {

namespace {

/// `word` as a figure: digits, a point and `decimals` digits (any number of them when 0),
/// then exactly `suffix`. std::nullopt when it is not one.
std::optional<double> figure_word(std::string_view word, std::size_t decimals, std::string_view suffix) {
  if (word.size() <= suffix.size() || word.substr(word.size() - suffix.size()) != suffix) return std::nullopt;
  word.remove_suffix(suffix.size());
  const auto point = word.find('.');
  if (point == std::string_view::npos || point == 0 || point + 1 == word.size()) return std::nullopt;
  if (decimals != 0 && word.size() - point - 1 != decimals) return std::nullopt;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (i != point && !std::isdigit(static_cast<unsigned char>(word[i]))) return std::nullopt;
  double value = 0;
  std::from_chars(word.data(), word.data() + word.size(), value);
  return value;
}

// A figure of the symmetric table: "303.80k", or "0.00" and "9876.54" (bytes/s, no k).
bool is_cell(std::string_view word) { return figure_word(word, 2, "k") || figure_word(word, 2, ""); }

bool is_count(std::string_view word) {
  return !word.empty() &&
         std::all_of(word.begin(), word.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// A figure of a key table's sign/s, verify/s or op/s column: "11.9" as openssl prints it ("%8.1f"),
// or with another number of decimals (none too) as a log retyped for an article may give it.
std::optional<double> rate_word(std::string_view word) {
  if (!is_count(word)) return figure_word(word, 0, "");
  double value = 0;
  std::from_chars(word.data(), word.data() + word.size(), value);
  return value;
}

// What openssl and a shell print around the summary: progress on stderr, -mr records, -multi's
// relays, the -elapsed warning.
bool is_noise(const std::string& line) {
  for (const char* prefix : {"Doing ", "+", "Forked child", "Got: ", "You have chosen to measure elapsed time",
                             "To get the most accurate results", "program when this computer is idle"})
    if (line.starts_with(prefix)) return true;
  // A progress result on a line of its own: "4954470 md5's in 2.99s", "126270 2048 bits public RSA's in 9.99s".
  const auto words = support::split_words(line);
  return words.size() >= 4 && is_count(words[0]) && words[words.size() - 2] == "in" &&
         figure_word(words.back(), 0, "s");
}

/// hwbench's name for the row `cell` of a log: the published tables' name of the digest or cipher
/// the row names (kernels::crypto::Algorithm::row), whatever openssl printed it: 3.x's "des-ede3"
/// and "blowfish", -evp's "AES-128-CBC" are "des ede3", "blowfish cbc", "aes-128 cbc"; a key
/// row's size in "bits" ("256 bit ecdsa (nistp256)", 1.x, is "256 bits ecdsa (nistp256)"). The
/// row as printed where no kernel runs it.
std::string hwbench_row(const OpensslCell& cell) {
  namespace crypto = kernels::crypto;
  if (!cell.op.empty()) {
    auto words = support::split_words(cell.row);
    if (words.size() >= 3 && is_count(words[0]) && words[1] == "bit") words[1] = "bits";
    return support::join(words, " ");
  }
  if (cell.row.starts_with("hmac(") && cell.row.ends_with(")")) {
    const auto* digest = crypto::find_algorithm(cell.row.substr(5, cell.row.size() - 6), crypto::AlgorithmKind::digest);
    return digest == nullptr ? cell.row : "hmac(" + digest->row + ")";
  }
  const auto* algorithm = crypto::find_algorithm(cell.row, crypto::AlgorithmKind::digest);
  if (algorithm == nullptr) algorithm = crypto::find_algorithm(cell.row, crypto::AlgorithmKind::cipher);
  return algorithm == nullptr ? cell.row : algorithm->row;
}

class LogParser {
 public:
  LogParser(std::string_view text, const std::string& name) : text_(text), name_(name) {}

  std::optional<model::Result> parse(std::string& error) {
    std::istringstream in{std::string(text_)};
    std::string raw;
    while (std::getline(in, raw)) {
      ++line_;
      line(clean(raw));
    }
    if (!errors_.has_errors() && result_.series.empty())
      errors_.error({},
                    "no openssl speed table found (a 'type  16 bytes …' line and its rows, "
                    "or a 'sign    verify    sign/s verify/s' table)");
    if (errors_.has_errors()) {
      error = lang::render_brief(errors_, name_);
      return std::nullopt;
    }
    finish();
    return std::move(result_);
  }

 private:
  // A log copied from a web page may carry carriage returns and non-breaking spaces.
  static std::string clean(const std::string& raw) {
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (raw.compare(i, 2, "\xc2\xa0") == 0) {
        out += ' ';
        ++i;
      } else if (raw[i] != '\r') {
        out += raw[i];
      }
    }
    return support::trim_end(out);
  }

  void fail(std::string message) { errors_.error({static_cast<std::uint32_t>(line_), 0}, std::move(message)); }

  void line(const std::string& line) {
    if (multi_record(line)) return;
    if (support::trim(line).empty() || is_noise(line)) return;
    if (line == "$" || line.starts_with("$ ")) {
      if (command_.empty()) command_ = support::trim(line.substr(1));
      return;
    }
    if (header(line)) return;
    const auto words = support::split_words(line);
    if (words.front() == "type") return type_line(words);
    if (words == std::vector<std::string>{"sign", "verify", "sign/s", "verify/s"} ||
        words == std::vector<std::string>{"op", "op/s"}) {
      key_heading_ = true;
      return;
    }
    if (key_row(words)) return;
    symmetric_row(line, words);
  }

  // -multi's parent prints "Forked child N" per child and relays each child's -mr records as
  // "Got: RECORD from N"; its summary then has no "The 'numbers' …" and "type …" lines (3.x), so
  // the block sizes come from the children's "+H:16:64…" records.
  bool multi_record(const std::string& line) {
    if (line.starts_with("Forked child ")) {
      ++children_;
      return true;
    }
    if (!line.starts_with("Got: +H:")) return false;
    std::vector<std::uint64_t> blocks;
    std::string record = line.substr(8, line.find(' ', 8) - 8);
    std::replace(record.begin(), record.end(), ':', ' ');
    for (const auto& size : support::split_words(record)) {
      std::uint64_t block = 0;
      const auto [end, ec] = std::from_chars(size.data(), size.data() + size.size(), block);
      if (ec != std::errc() || end != size.data() + size.size() || block == 0) {
        fail(fmt::format("not a block size in -multi's '+H' record: '{}'", size));
        return true;
      }
      blocks.push_back(block);
    }
    if (!typed_) blocks_ = std::move(blocks);
    return true;
  }

  bool header(const std::string& line) {
    static const std::pair<std::string_view, std::optional<std::string> OpensslBuild::*> labels[] = {
        {"built on: ", &OpensslBuild::built_on},
        {"options:", &OpensslBuild::options},
        {"compiler: ", &OpensslBuild::compiler},
        {"available timing options: ", &OpensslBuild::timing_options},
        {"timing function used: ", &OpensslBuild::timing_function},
        {"CPUINFO: ", &OpensslBuild::cpuinfo},
    };
    if (line.starts_with("OpenSSL ")) {
      build_.version = line;
      return true;
    }
    if (line.starts_with("version: ")) {
      build_.version = "OpenSSL " + support::trim(line.substr(9));
      return true;
    }
    for (const auto& [label, field] : labels) {
      if (!line.starts_with(label)) continue;
      build_.*field = support::trim(line.substr(label.size()));
      return true;
    }
    return line == "The 'numbers' are in 1000s of bytes per second processed.";
  }

  void type_line(const std::vector<std::string>& words) {
    std::vector<std::uint64_t> blocks;
    for (std::size_t i = 1; i + 1 < words.size(); i += 2) {
      std::uint64_t block = 0;
      const auto& w = words[i];
      const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), block);
      if (ec != std::errc() || end != w.data() + w.size() || words[i + 1] != "bytes" || block == 0) break;
      blocks.push_back(block);
    }
    if (blocks.empty() || words.size() != 1 + 2 * blocks.size())
      return fail("expected the table header 'type' and block sizes, like 'type  16 bytes  64 bytes'");
    blocks_ = std::move(blocks);
    typed_ = true;
  }

  // "rsa 2048 bits 0.084286s 0.002301s 11.9 434.5" or " 256 bits ecdh (nistp256) 0.0001s 14285.7".
  bool key_row(const std::vector<std::string>& words) {
    const std::size_t n = words.size();
    const bool pair = n >= 5 && figure_word(words[n - 4], 0, "s") && figure_word(words[n - 3], 0, "s") &&
                      rate_word(words[n - 2]) && rate_word(words[n - 1]);
    const bool single = !pair && n >= 3 && figure_word(words[n - 2], 0, "s") && rate_word(words[n - 1]);
    if (!pair && !single) return false;
    if (!key_heading_) {
      fail("a sign/verify row before its heading ('sign    verify    sign/s verify/s' or 'op      op/s')");
      return true;
    }
    const std::string row = fmt::format("{}", fmt::join(words.begin(), words.end() - (pair ? 4 : 2), " "));
    if (single) {
      add_key(row, "op", *figure_word(words[n - 2], 0, "s"), words[n - 1]);
      return true;
    }
    add_key(row, "sign", *figure_word(words[n - 4], 0, "s"), words[n - 2]);
    add_key(row, "verify", *figure_word(words[n - 3], 0, "s"), words[n - 1]);
    return true;
  }

  void symmetric_row(const std::string& line, const std::vector<std::string>& words) {
    std::size_t figures = 0;
    while (figures < words.size() && is_cell(words[words.size() - 1 - figures])) ++figures;
    if (figures == 0 || figures == words.size())
      return fail(fmt::format("not part of an openssl speed summary: '{}'", support::trim(line)));
    if (blocks_.empty()) return fail("a table row before the 'type … bytes' header (or -multi's '+H' records)");
    const std::string row = fmt::format("{}", fmt::join(words.begin(), words.end() - static_cast<long>(figures), " "));
    if (figures != blocks_.size())
      return fail(fmt::format("'{}' has {} figures for {} block sizes", row, figures, blocks_.size()));
    for (std::size_t i = 0; i < figures; ++i) {
      const std::string& word = words[words.size() - figures + i];
      model::Series series;
      series.label = openssl_label({row, blocks_[i], ""});
      cells_.push_back({row, blocks_[i], ""});
      if (const auto k = figure_word(word, 2, "k")) {
        add(std::move(series), model::Figure{*k, "k", support::printed_step(word)});
      } else if (const double raw = *figure_word(word, 2, ""); raw > 0) {
        add(std::move(series), model::Figure{raw, "B/s", support::printed_step(word)});
      } else {
        series.unavailable = "not run: openssl printed 0.00";
        series.unavailable_unit = "k";
        add(std::move(series), std::nullopt);
      }
    }
  }

  // `rate` is the rate's word as printed (rate_word reads it).
  void add_key(const std::string& row, const std::string& op, double seconds, const std::string& rate) {
    model::Series series;
    series.label = openssl_label({row, 0, op});
    cells_.push_back({row, 0, op});
    series.printed["mean"] = model::Figure{seconds, "s"};
    // Exact to half the step of its last printed digit, as the symmetric table's cells.
    if (const double value = *rate_word(rate); value > 0)
      return add(std::move(series), model::Figure{value, "ops/s", support::printed_step(rate)});
    series.unavailable = "not run: openssl printed " + rate;
    series.unavailable_unit = "ops/s";
    add(std::move(series), std::nullopt);
  }

  void add(model::Series series, std::optional<model::Figure> figure) {
    if (!labels_.insert(series.label).second)
      return fail(fmt::format("'{}' appears twice: one log holds one run", series.label));
    if (figure) {
      model::Sample sample;
      sample.iteration = 1;
      sample.figure = *figure;
      series.add(std::move(sample), model::published_params());
    }
    result_.series.push_back(std::move(series));
  }

  // One label per algorithm, whichever openssl printed the log, so that a log's rows meet
  // hwbench's kernels' (and another version's) of the same cell; the report prints the names back.
  void name_rows() {
    std::map<std::string, std::set<std::string>> printed_as;  // hwbench's row -> the log's rows
    for (const auto& cell : cells_) printed_as[hwbench_row(cell)].insert(cell.row);
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      OpensslCell cell = cells_[i];
      const std::string row = hwbench_row(cell);
      // Two rows of one algorithm (-evp's beside the plain one) keep the names they were printed under.
      if (row == cell.row || printed_as[row].size() > 1) continue;
      build_.row_names[row] = cell.row;
      cell.row = row;
      result_.series[i].label = openssl_label(cell);
    }
  }

  void finish() {
    name_rows();
    result_.kind = model::ResultKind::published;
    result_.status = model::RunStatus::published;
    result_.recipe_file = name_;
    result_.recipe_text = std::string(text_);
    result_.meta["title"] = "openssl speed";
    result_.meta["source"] = name_;
    if (!command_.empty()) result_.meta["note"] = "$ " + command_;
    build_.multi = children_;
    // What the log printed of the table's heading: -multi's summary leaves it out.
    build_.heading = typed_ || blocks_.empty();
    if (!build_.empty()) result_.environment[environment_key] = build_;
    model::ReportSpec report;
    report.style = model::report_style_from_text("openssl").value();
    result_.reports.push_back(report);
  }

  std::string_view text_;
  std::string name_;
  std::size_t line_ = 0;
  lang::Diagnostics errors_;
  OpensslBuild build_;
  std::vector<std::uint64_t> blocks_;
  bool typed_ = false;  ///< the log printed the "type … bytes" line
  int children_ = 0;    ///< -multi's "Forked child" lines
  bool key_heading_ = false;
  std::string command_;
  std::set<std::string> labels_;
  std::vector<OpensslCell> cells_;  ///< each series' cell, as the log printed its row
  model::Result result_;
};

}  // namespace

std::optional<model::Result> import_openssl(std::string_view text, const std::string& name, std::string& error) {
  return LogParser(text, name).parse(error);
}

}  // namespace hwbench::runtime::tools::openssl
