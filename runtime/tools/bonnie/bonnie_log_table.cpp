#include "runtime/tools/bonnie/bonnie_log_table.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "kernels/disk/bonnie.hpp"

namespace hwbench::runtime::tools::bonnie {

namespace {

using kernels::disk::bonnie_test_names;

/// A word of a line and where it is (0-based, end exclusive).
struct Word {
  std::string text;
  std::size_t begin = 0, end = 0;
};

std::vector<Word> words_of(const std::string& line) {
  std::vector<Word> out;
  for (std::size_t pos = line.find_first_not_of(' '); pos != std::string::npos;
       pos = line.find_first_not_of(' ', pos)) {
    const auto end = std::min(line.find(' ', pos), line.size());
    out.push_back({line.substr(pos, end - pos), pos, end});
    pos = end;
  }
  return out;
}

bool digits(std::string_view s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos; }

// A word that can be a table cell: a figure ("57544", "409.6", "-16384", 2.00's "56.3m") or a
// placeholder.
bool cell_word(const std::string& w) {
  if (w == "+++++" || w == "+++") return true;
  std::string_view s(w);
  if (s.starts_with('-')) s.remove_prefix(1);
  if (!s.empty() && (s.back() == 'k' || s.back() == 'm' || s.back() == 'g')) s.remove_suffix(1);
  return !s.empty() && s.find_first_not_of("0123456789.") == std::string_view::npos;
}

bool latency_word(const std::string& w) {
  for (std::string_view unit : {"us", "ms", "s"})
    if (w.size() > unit.size() && w.ends_with(unit) && digits(std::string_view(w).substr(0, w.size() - unit.size())))
      return true;
  return false;
}

/// Reads `count` fields from `pos`, each printed as a space and at least `widths[k % 2]`
/// characters, right-aligned; a field of spaces (or past the end of a line whose trailing blanks
/// were cut off) is empty. On a field bonnie++ cannot have printed there, returns std::nullopt
/// and sets `failed` to its index and `column` to its 1-based column.
std::optional<std::vector<Word>> fields_by_columns(const std::string& line, std::size_t pos,
                                                   const std::vector<std::size_t>& widths, std::size_t count,
                                                   std::size_t& failed, std::size_t& column) {
  std::vector<Word> out;
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t width = widths[k % widths.size()];
    if (pos >= line.size()) {
      out.push_back({"", pos, pos});
      continue;
    }
    failed = k;
    column = pos + 1;
    if (line[pos] != ' ') return std::nullopt;
    ++pos;
    const std::size_t field_end = std::min(pos + width, line.size());
    const auto start = line.find_first_not_of(' ', pos);
    if (start == std::string::npos || start >= field_end) {
      out.push_back({"", pos, pos});
      pos = field_end;
      continue;
    }
    const auto end = std::min(line.find(' ', start), line.size());
    column = start + 1;
    if (end < pos + width) return std::nullopt;  // right-aligned figures end at their column or beyond
    out.push_back({line.substr(start, end - start), start, end});
    pos = end;
  }
  return out;
}

/// A table row split into the words before its figures and its twelve cells.
struct Row {
  std::string lead;  ///< a name, or nothing
  std::string descriptor;
  std::vector<Word> cells;
};

class TableReader {
 public:
  TableReader(Log& log, std::size_t heading) : log_(log), lines_(log.lines()), heading_(heading) {}

  /// Whether the table has `count` lines after its heading; records an error if not.
  bool has(std::size_t count) {
    if (heading_ + count < lines_.size()) return true;
    log_.fail({lines_[heading_].number, 0}, "bonnie++'s table ends early");
    return false;
  }

  const Line& line(std::size_t k) const { return lines_[heading_ + k]; }

  /// Line `k` as a row of the tests from `first`: by its words when its last twelve are cells,
  /// else field by field after the word that reaches column 19.
  std::optional<Row> row(std::size_t k, std::size_t first) {
    const Line& l = line(k);
    const auto words = words_of(l.text);
    const std::size_t n = 2 * 6;
    Row r;
    std::size_t descriptor = words.size();
    if (words.size() > n &&
        std::all_of(words.end() - n, words.end(), [](const Word& w) { return cell_word(w.text); })) {
      descriptor = words.size() - n - 1;
      r.cells.assign(words.end() - n, words.end());
    } else {
      for (std::size_t w = 0; w < words.size() && descriptor == words.size(); ++w)
        if (words[w].end >= 19) descriptor = w;
      if (descriptor == words.size()) {
        log_.fail({l.number, 0}, "cannot read bonnie++'s table row: no size or file count ends at column 19");
        return std::nullopt;
      }
      std::size_t failed = 0, column = 0;
      auto cells = fields_by_columns(l.text, words[descriptor].end, {5, 3}, n, failed, column);
      if (!cells) {
        log_.fail({l.number, column}, fmt::format("cannot read the {} of {} in bonnie++'s table",
                                                  failed % 2 ? "%CP" : "rate", bonnie_test_names[first + failed / 2]));
        return std::nullopt;
      }
      r.cells = std::move(*cells);
    }
    r.descriptor = words[descriptor].text;
    r.lead = trim(std::string_view(l.text).substr(0, words[descriptor].begin));
    return r;
  }

  /// Copies a row's cells into `p` for the tests from `first`.
  void cells(const Row& r, std::size_t k, std::size_t first, Parsed& p) const {
    for (std::size_t t = 0; t < 6; ++t) {
      Printed& pr = p.printed[first + t];
      pr.rate = r.cells[2 * t].text;
      pr.cpu = r.cells[2 * t + 1].text;
      pr.rate_at = {line(k).number, r.cells[2 * t].begin + 1};
      pr.cpu_at = {line(k).number, r.cells[2 * t + 1].begin + 1};
    }
  }

  /// Line `k` as the Latency line of the tests from `first`.
  bool latencies(std::size_t k, std::size_t first, Parsed& p) {
    const Line& l = line(k);
    if (!l.text.starts_with("Latency")) {
      log_.fail({l.number, 0}, "expected bonnie++'s Latency line");
      return false;
    }
    auto words = words_of(l.text);
    std::optional<std::vector<Word>> cells;
    if (words.size() == 7 &&
        std::all_of(words.begin() + 1, words.end(), [](const Word& w) { return latency_word(w.text); })) {
      cells.emplace(words.begin() + 1, words.end());
    } else {
      std::size_t failed = 0, column = 0;
      cells = fields_by_columns(l.text, 17, {9}, 6, failed, column);
      if (!cells) {
        log_.fail({l.number, column}, fmt::format("cannot read the {} latency", bonnie_test_names[first + failed]));
        return false;
      }
    }
    for (std::size_t t = 0; t < 6; ++t) {
      p.printed[first + t].latency = (*cells)[t].text;
      p.printed[first + t].latency_at = {l.number, (*cells)[t].begin + 1};
    }
    return true;
  }

 private:
  Log& log_;
  const std::vector<Line>& lines_;
  std::size_t heading_;
};

// The version a heading prints: the word after "Version" ("1.96", "2.00a"), or "".
std::string heading_version(const std::string& text) {
  const auto words = words_of(text);
  return words.size() >= 2 && words[0].text == "Version" ? words[1].text : "";
}

// 2.00's layout goes back to 1.98: compares the version's leading number.
bool from_1_98(const std::string& version) {
  double v = 0;
  std::from_chars(version.data(), version.data() + version.size(), v);
  return v >= 1.98;
}

void set_layout(Parsed& p, BonnieLayout layout) {
  p.run.format_version = layout == BonnieLayout::v1_03 ? "" : layout == BonnieLayout::v2_00 ? "1.98" : p.run.version;
}

void keep_name(Parsed& p, const std::string& name) {
  if (name.size() > p.run.name.size()) p.run.name = name;
}

}  // namespace

bool is_io_heading(const std::string& text) {
  return text.starts_with("Version") && text.find("------Sequential Output------") != std::string::npos;
}

bool is_file_heading(const std::string& text) {
  const auto at = text.find("------Sequential Create------");
  return at != std::string::npos && (text.starts_with("Version") || text.find_first_not_of(' ') == at);
}

std::size_t read_io_table(Log& log, std::size_t i, Parsed& p, BonnieLayout& layout) {
  TableReader table(log, i);
  if (!table.has(3)) return 0;
  p.run.version = heading_version(table.line(0).text);
  const auto second = words_of(table.line(1).text);
  const std::string titles = trim(table.line(2).text);
  if (!second.empty() && second[0].text == "Concurrency" && second.size() > 1) {
    layout = BonnieLayout::v1_96;
    p.run.concurrency = second[1].text;
  } else if (titles.starts_with("Name:Size")) {
    layout = BonnieLayout::v2_00;
  } else if (titles.starts_with("Machine")) {
    layout = BonnieLayout::v1_03;
  } else {
    log.fail({table.line(2).number, 0},
             "expected bonnie++'s column titles ('Machine  Size K/sec %CP …' or 'Name:Size etc …')");
    return 0;
  }
  set_layout(p, layout);
  const auto row = table.row(3, 0);
  if (!row) return 0;
  read_size_descriptor(row->descriptor, layout, p.run);
  keep_name(p, row->lead);
  table.cells(*row, 3, 0, p);
  if (layout == BonnieLayout::v1_03) return 4;
  if (!table.has(4) || !table.latencies(4, 0, p)) return 0;
  return 5;
}

std::size_t read_file_table(Log& log, std::size_t i, Parsed& p, BonnieLayout& layout) {
  TableReader table(log, i);
  if (!table.has(3)) return 0;
  if (const std::string version = heading_version(table.line(0).text); !version.empty()) p.run.version = version;
  const std::string& second = table.line(1).text;
  keep_name(p, trim(second.substr(0, std::min(second.find("-Create--"), second.size()))));
  const auto row = table.row(3, first_file_test);
  if (!row) return 0;
  read_files_descriptor(row->descriptor, p.run);
  keep_name(p, row->lead);
  table.cells(*row, 3, first_file_test, p);
  const bool latency = i + 4 < log.lines().size() && table.line(4).text.starts_with("Latency");
  layout = !latency ? BonnieLayout::v1_03 : from_1_98(p.run.version) ? BonnieLayout::v2_00 : BonnieLayout::v1_96;
  set_layout(p, layout);
  if (!latency) return 4;
  if (!table.latencies(4, first_file_test, p)) return 0;
  return 5;
}

}  // namespace hwbench::runtime::tools::bonnie
