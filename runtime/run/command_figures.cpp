#include "runtime/run/command_figures.hpp"

#include <sys/stat.h>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "base/platform/whole_file.hpp"
#include "base/support/system_text.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/tools/tools.hpp"

namespace hwbench::runtime::run {

namespace {

/// The text `rule` reads; for a file, "" and why in `error` when it cannot be read, `absent` when
/// the run did not write it (the interpreter removes it before each run).
const std::string& stream_text(const plan::FigureRule& rule, const platform::ChildOutcome& out, std::string& file_text,
                               std::string& error, bool& absent) {
  if (rule.from == plan::FigureRule::Stream::err) return out.err.text;
  if (rule.from == plan::FigureRule::Stream::out) return out.out.text;
  struct stat st {};
  absent = ::lstat(rule.file.c_str(), &st) != 0 && errno == ENOENT;
  if (absent)
    error = fmt::format("the run did not write {}, the file the figure is read from", rule.file);
  else if (auto text = platform::read_whole_file(rule.file))
    file_text = std::move(*text);
  else
    error = fmt::format("cannot read {}, the file the figure is read from", rule.file);
  return file_text;
}

std::string stream_name(const plan::FigureRule& rule) {
  if (rule.from == plan::FigureRule::Stream::err) return "stderr";
  if (rule.from == plan::FigureRule::Stream::out) return "stdout";
  return rule.file;
}

std::optional<model::Figure> plain_number(const std::string& text, const std::string& unit) {
  const char* begin = text.c_str();
  while (std::isspace(static_cast<unsigned char>(*begin))) ++begin;
  char* end = nullptr;
  const double v = std::strtod(begin, &end);
  if (end == begin) return std::nullopt;
  const std::string_view number(begin, static_cast<std::size_t>(end - begin));
  while (std::isspace(static_cast<unsigned char>(*end))) ++end;
  if (*end != '\0' || !std::isfinite(v)) return std::nullopt;
  return model::Figure{v, unit, support::printed_step(number)};
}

double prefix_factor(std::string_view prefix) {
  static const std::pair<std::string_view, double> prefixes[] = {
      {"k", 1e3},        {"K", 1e3},           {"M", 1e6},
      {"G", 1e9},        {"T", 1e12},          {"Ki", 1024.0},
      {"Mi", 1048576.0}, {"Gi", 1073741824.0}, {"Ti", 1099511627776.0}};
  for (const auto& [p, f] : prefixes)
    if (p == prefix) return f;
  return 0;
}

// What a byte and a bit are called after a prefix, a word before the words it starts, in bytes.
constexpr std::pair<std::string_view, double> data_words[] = {
    {"Bytes", 1}, {"Byte", 1}, {"bytes", 1}, {"byte", 1}, {"B", 1}, {"bits", 0.125}, {"bit", 0.125}, {"b", 0.125}};

// An amount of data or a data rate as programs print them: a prefix (k or K, M, G, T, Ki…),
// bytes (B, Byte, Bytes) or bits (b, bit, bits: an eighth of a byte each), and for a rate /s,
// /sec or ps ("800 Mb/s" is 100 MB/s, iperf's "941 Mbits/sec", dd's "1.3 GB/s"). The case of
// the other letters says what they are: M is mega and m milli, B a byte and b a bit.
std::optional<analysis::Unit> data_unit(std::string_view suffix) {
  for (std::size_t n : {std::size_t{2}, std::size_t{1}, std::size_t{0}}) {
    if (suffix.size() < n) continue;
    const double prefix = n == 0 ? 1 : prefix_factor(suffix.substr(0, n));
    if (prefix == 0) continue;
    std::string_view rest = suffix.substr(n);
    double base = 0;
    for (const auto& [word, bytes] : data_words)
      if (rest.starts_with(word)) {
        base = bytes;
        rest.remove_prefix(word.size());
        break;
      }
    if (base == 0) continue;
    const bool rate = rest == "/s" || rest == "/sec" || rest == "ps";
    if (!rate && !rest.empty()) continue;
    return analysis::Unit{std::string(suffix), rate ? analysis::Measure::byte_rate : analysis::Measure::bytes,
                          prefix * base, ""};
  }
  return std::nullopt;
}

bool same_letters(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

// The unit a printed suffix names: exactly, as an amount or a rate of data (data_unit), or but
// for case where case says nothing (OPS/S, Lps); never an M for an m ("MS" is not ms).
std::optional<analysis::Unit> printed_unit(std::string_view suffix) {
  if (const analysis::Unit* u = analysis::find_unit(suffix)) return *u;
  if (auto data = data_unit(suffix)) return data;
  for (const auto& u : analysis::all_units()) {
    const bool data_measure = u.measure == analysis::Measure::byte_rate || u.measure == analysis::Measure::bytes;
    if (!data_measure && same_letters(u.name, suffix) && (u.name[0] == 'm') == (suffix[0] == 'm')) return u;
  }
  return std::nullopt;
}

std::optional<model::Figure> value_from(const std::string& text, const plan::FigureRule& rule, std::string& error) {
  if (rule.scaled) return scaled_value(text, rule.unit, error);
  if (auto v = plain_number(text, rule.unit)) return v;
  error = fmt::format("'{}' is not a number (add 'scaled' to read a unit or a k/M/G after it)", text);
  return std::nullopt;
}

std::optional<model::Figure> regex_figure(const plan::FigureRule& rule, const std::string& text, std::string& error) {
  const std::regex re(rule.pattern, std::regex::ECMAScript);
  // Line by line: a figure is printed on a line, and libstdc++'s matcher recurses per character,
  // which a whole megabyte of output would turn into a stack overflow.
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (!std::regex_search(line, m, re)) continue;
    return value_from(m[1].str(), rule, error);
  }
  return std::nullopt;
}

/// The printed text of the fractional numbers at some paths of a JSON document (the parsed
/// document keeps their values only): one walk over the parser's events, which follows the path
/// of each value. A path met twice (a key given twice) keeps its last number, as the parsed
/// document keeps its last value.
class NumberTexts : public nlohmann::json_sax<nlohmann::json> {
 public:
  /// The numbers to find, by the JSON pointer's text.
  explicit NumberTexts(const std::vector<std::string>& pointers) {
    for (const auto& text : pointers) {
      std::vector<std::string> tokens;
      for (nlohmann::json::json_pointer p(text); !p.empty(); p = p.parent_pointer())
        tokens.insert(tokens.begin(), p.back());
      depths_.insert(tokens.size());
      targets_.emplace(std::move(tokens), text);
    }
  }
  /// Each pointer whose number was found -> its text as printed.
  std::map<std::string, std::string>& found() { return found_; }

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t& text) override {
    if (depths_.count(path_.size())) {
      std::vector<std::string> here;
      for (const auto& level : path_) here.push_back(level.array ? std::to_string(level.index) : level.key);
      if (const auto target = targets_.find(here); target != targets_.end()) found_[target->second] = text;
    }
    return value();
  }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(false); }
  bool key(string_t& key) override {
    path_.back().key = key;
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  struct Level {
    bool array = false;
    std::size_t index = 0;  ///< the next element's, in an array
    std::string key;        ///< the current member's, in an object
  };
  bool value() {
    if (!path_.empty() && path_.back().array) ++path_.back().index;
    return true;
  }
  bool open(bool array) {
    path_.push_back(Level{array, 0, {}});
    return true;
  }
  bool close() {
    path_.pop_back();
    return value();
  }
  std::map<std::vector<std::string>, std::string> targets_;  ///< a path's tokens -> its pointer's text
  std::set<std::size_t> depths_;                             ///< how deep the targets lie
  std::vector<Level> path_;
  std::map<std::string, std::string> found_;
};

/// Whether `document` has a fractional number at `pointer`. A pointer that nlohmann refuses on
/// this document (an array index past size_t) is not looked for: its own rule meets the error.
bool fraction_at(const nlohmann::json& document, const std::string& pointer) {
  try {
    const nlohmann::json::json_pointer at(pointer);
    return document.contains(at) && document.at(at).is_number_float();
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

/// The JSON documents the rules of one run read (stdout, stderr, a file), each parsed once, when
/// a rule first reads it, with the printed text of every fractional number that the rules
/// reading it point at, taken then in one walk (NumberTexts) for all of them.
class JsonDocuments {
 public:
  explicit JsonDocuments(const std::vector<plan::FigureRule>& rules) : rules_(rules) {}

  struct Document {
    std::optional<nlohmann::json> json;          ///< nullopt when the text is not JSON
    std::string error;                           ///< then why not
    std::map<std::string, std::string> printed;  ///< a rule's pointer -> the fractional number there, as printed
  };

  /// The document `rule` reads, whose text is `text`.
  const Document& of(const plan::FigureRule& rule, const std::string& text) {
    const auto [at, fresh] = documents_.try_emplace(key(rule));
    if (fresh) at->second = parse(rule, text);
    return at->second;
  }

 private:
  static std::pair<plan::FigureRule::Stream, std::string> key(const plan::FigureRule& rule) {
    return {rule.from, rule.from == plan::FigureRule::Stream::file ? rule.file : std::string()};
  }
  Document parse(const plan::FigureRule& rule, const std::string& text) const {
    Document d;
    try {
      d.json = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
      d.error = fmt::format("the output is not JSON ({})", e.what());
      return d;
    }
    // Integers step by 1 and strings by their own digits: the walk looks for fractions only.
    std::vector<std::string> fractions;
    for (const auto& other : rules_) {
      if (other.kind != plan::FigureRule::Kind::json || key(other) != key(rule)) continue;
      if (fraction_at(*d.json, other.pattern)) fractions.push_back(other.pattern);
    }
    if (fractions.empty()) return d;
    NumberTexts walk(fractions);
    nlohmann::json::sax_parse(text, &walk);
    d.printed = std::move(walk.found());
    return d;
  }

  const std::vector<plan::FigureRule>& rules_;
  std::map<std::pair<plan::FigureRule::Stream, std::string>, Document> documents_;
};

std::optional<model::Figure> json_figure(const plan::FigureRule& rule, const JsonDocuments::Document& document,
                                         std::string& error) {
  if (!document.json) {
    error = document.error;
    return std::nullopt;
  }
  const nlohmann::json::json_pointer pointer(rule.pattern);
  if (!document.json->contains(pointer)) return std::nullopt;
  const nlohmann::json& v = document.json->at(pointer);
  // Exact to half its last printed digit, as a figure read from text: 1 for an integer, from its
  // printed text for a fraction (`12.50`: 0.01), 0 where that cannot be told.
  if (v.is_number()) {
    const auto printed = document.printed.find(rule.pattern);
    const double step = v.is_number_integer()               ? 1
                        : printed == document.printed.end() ? 0
                                                            : support::printed_step(printed->second);
    return model::Figure{v.get<double>(), rule.unit, step};
  }
  if (v.is_string()) return value_from(v.get<std::string>(), rule, error);
  error = fmt::format("{} is {}, not a number", rule.pattern, v.type_name());
  return std::nullopt;
}

void import_output(const plan::FigureRule& rule, const platform::ChildOutcome& out, FigureReadings& r) {
  const tools::Importer* importer = tools::find_importer(rule.pattern);
  std::string error;
  std::optional<model::Result> log = importer->parse(out.out.text, "the program's output", error);
  if (!log) {
    r.error = fmt::format("{}: the {} importer could not read stdout: {}{}", rule.text, rule.pattern, error,
                          support::last_lines(out.out.text, 5, " (it is empty)"));
    return;
  }
  r.imported = std::move(log->series);
  for (auto& [key, value] : log->environment.items()) r.environment[key] = value;
  r.baselines = std::move(log->baselines);
  for (const auto& index : log->indices) r.indices.push_back(index.spec);
}

}  // namespace

std::optional<model::Figure> scaled_value(const std::string& text, const std::string& unit, std::string& error) {
  const analysis::Unit* to = analysis::find_unit(unit);
  const char* begin = text.c_str();
  while (std::isspace(static_cast<unsigned char>(*begin))) ++begin;
  char* end = nullptr;
  const double v = std::strtod(begin, &end);
  if (end == begin || !std::isfinite(v)) {
    error = fmt::format("'{}' does not start with a number", text);
    return std::nullopt;
  }
  const double step = support::printed_step(std::string_view(begin, static_cast<std::size_t>(end - begin)));
  const auto scaled = [&](double factor) { return model::Figure{v * factor, unit, step * factor}; };
  std::string suffix(end);
  suffix.erase(0, suffix.find_first_not_of(" \t"));
  suffix.erase(suffix.find_last_not_of(" \t\r") + 1);
  if (suffix.empty() || suffix == unit) return scaled(1);
  if (const double f = prefix_factor(suffix); f > 0) return scaled(f);  // "12.5k": a prefix, not openssl's k
  if (const auto from = printed_unit(suffix)) {
    if (to != nullptr && from->measure == to->measure) return scaled(from->factor / to->factor);
    error = fmt::format("'{}' is in {}, which does not convert to {}", text, from->name, unit);
    return std::nullopt;
  }
  // A bare prefix ("12.5k", "3 M"), or a prefix before the figure's own unit ("2.1 Mops/s").
  for (std::size_t n : {std::size_t{2}, std::size_t{1}}) {
    if (suffix.size() < n) continue;
    const double f = prefix_factor(std::string_view(suffix).substr(0, n));
    std::string rest = suffix.substr(n);
    rest.erase(0, rest.find_first_not_of(" \t"));
    if (f > 0 && (rest.empty() || rest == unit)) return scaled(f);
  }
  for (const auto& u : analysis::all_units())
    if (same_letters(u.name, suffix)) {
      // mb/s: megabits or megabytes, or a millibit? The program's own letters do not say.
      error = fmt::format(
          "'{}' ends in '{}', which does not say its unit: M is mega and m milli, B a byte and b a bit (capture "
          "the number alone and give its unit)",
          text, suffix);
      return std::nullopt;
    }
  error = fmt::format("'{}' ends in '{}', which is neither a unit nor a k/M/G prefix", text, suffix);
  return std::nullopt;
}

FigureReadings read_figures(const std::vector<plan::FigureRule>& rules, const platform::ChildOutcome& out) {
  FigureReadings r;
  JsonDocuments documents(rules);
  for (const auto& rule : rules) {
    if (rule.kind == plan::FigureRule::Kind::importer) {
      import_output(rule, out, r);
      if (!r.error.empty()) return r;
      continue;
    }
    std::string file_text;
    std::string error;
    bool absent = false;
    const std::string& text = stream_text(rule, out, file_text, error, absent);
    std::optional<model::Figure> figure;
    if (error.empty())
      figure = rule.kind == plan::FigureRule::Kind::regex ? regex_figure(rule, text, error)
                                                          : json_figure(rule, documents.of(rule, text), error);
    if (figure) {
      r.figures.push_back({rule.label, *figure});
      continue;
    }
    if (rule.optional && (error.empty() || absent)) {
      r.missing.push_back(rule.label);
      continue;
    }
    const std::string tail =
        rule.from == plan::FigureRule::Stream::file ? "" : support::last_lines(text, 5, " (it is empty)");
    r.error = error.empty() ? fmt::format("{}: nothing in {} matches{}", rule.text, stream_name(rule), tail)
                            : fmt::format("{}: {}{}", rule.text, error, tail);
    return r;
  }
  return r;
}

}  // namespace hwbench::runtime::run
