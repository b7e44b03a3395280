#include "runtime/import/bonnie_import.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "kernels/disk/bonnie.hpp"

namespace hwbench::runtime {

namespace {

using State = BonnieFigure::State;
using kernels::disk::bonnie_test_names;

constexpr std::size_t tests = 12;
constexpr std::size_t first_file_test = 6;

/// A line of the log with its 1-based number.
struct Line {
  std::size_t number = 0;
  std::string text;
};

std::vector<Line> split_lines(std::string_view text) {
  std::string clean;
  clean.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    // U+00A0 (a web page's &nbsp;) stands for the space bonnie++ printed.
    if (text[i] == '\xC2' && i + 1 < text.size() && text[i + 1] == '\xA0') {
      clean += ' ';
      ++i;
    } else if (text[i] != '\r') {
      clean += text[i];
    }
  }
  std::vector<Line> lines;
  std::size_t start = 0, number = 1;
  while (start <= clean.size()) {
    const auto end = clean.find('\n', start);
    const auto stop = end == std::string::npos ? clean.size() : end;
    lines.push_back({number++, clean.substr(start, stop - start)});
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return lines;
}

std::string trim(std::string_view s) {
  const auto b = s.find_first_not_of(' ');
  if (b == std::string_view::npos) return "";
  const auto e = s.find_last_not_of(' ');
  return std::string(s.substr(b, e - b + 1));
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

std::optional<double> number(const std::string& text) {
  double v = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size()) return std::nullopt;
  return v;
}

/// A latency text ("92293us", "1132ms", "12s") in ns; 0 for an empty one.
std::optional<std::int64_t> latency(const std::string& text) {
  if (text.empty()) return 0;
  for (const auto& [suffix, factor] : {std::pair<const char*, std::int64_t>{"us", 1000}, {"ms", 1'000'000}, {"s", 1'000'000'000}}) {
    const std::string_view s(suffix);
    if (text.size() <= s.size() || text.compare(text.size() - s.size(), s.size(), s) != 0) continue;
    const auto v = number(text.substr(0, text.size() - s.size()));
    if (!v) return std::nullopt;
    return std::llround(*v * static_cast<double>(factor));
  }
  return std::nullopt;
}

/// What the log printed for one test: the rate, %CP and latency texts.
struct Printed {
  std::string rate, cpu, latency;
};

/// Everything read from the log, before it becomes a BonnieRun.
struct Parsed {
  BonnieRun run;
  std::array<Printed, tests> printed;
};

class LogReader {
 public:
  LogReader(std::string_view text, std::string name) : lines_(split_lines(text)), name_(std::move(name)) {}

  std::optional<Parsed> read() {
    std::optional<Parsed> csv = read_csv();
    if (failed()) return std::nullopt;
    std::optional<Parsed> table = read_tables();
    if (failed()) return std::nullopt;
    if (!csv && !table) {
      error_ = fmt::format("{}: error: no bonnie++ table or CSV line found", name_);
      return std::nullopt;
    }
    if (csv && table && !agree(*csv, *table)) return std::nullopt;
    return csv ? csv : table;
  }

  const std::string& error() const { return error_; }
  const std::string& command() const { return command_; }

 private:
  bool failed() const { return !error_.empty(); }

  void fail(std::size_t line, const std::string& what) {
    if (error_.empty()) error_ = fmt::format("{}:{}: error: {}", name_, line, what);
  }

  // ---- the CSV line ----------------------------------------------------------------------
  std::optional<Parsed> read_csv() {
    const Line* found = nullptr;
    std::vector<std::string> fields;
    for (const auto& line : lines_) {
      const std::string text = trim(line.text);
      if (starts_with(text, "$ bonnie++") || starts_with(text, "bonnie++ ")) command_ = text.substr(text[0] == '$' ? 2 : 0);
      if (starts_with(text, "format_version,")) continue;  // the header of bonnie++ -x
      std::vector<std::string> f;
      std::size_t start = 0;
      for (;;) {
        const auto comma = text.find(',', start);
        f.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
      if (f.size() < 40 || !number(f[0])) continue;
      if (found != nullptr) {
        fail(line.number, "a second CSV line: import one bonnie++ run at a time");
        return std::nullopt;
      }
      found = &line;
      fields = std::move(f);
    }
    if (found == nullptr) return std::nullopt;
    const bool wide = fields[0] == "1.98";
    const std::size_t expected = wide ? 50 : 48;
    if (fields.size() != expected) {
      fail(found->number, fmt::format("a CSV line of format {} has {} fields, not {}", fields[0], fields.size(), expected));
      return std::nullopt;
    }
    Parsed p;
    BonnieRun& r = p.run;
    std::size_t k = 0;
    for (auto* field : {&r.format_version, &r.version, &r.name, &r.concurrency, &r.seed, &r.file_size, &r.io_chunk_size})
      *field = fields[k++];
    if (wide) {
      r.seeks = fields[k++];
      r.seek_proc_count = fields[k++];
    }
    for (std::size_t t = 0; t < first_file_test; ++t) {
      p.printed[t].rate = fields[k++];
      p.printed[t].cpu = fields[k++];
    }
    for (auto* field : {&r.num_files, &r.max_size, &r.min_size, &r.num_dirs, &r.file_chunk_size}) *field = fields[k++];
    for (std::size_t t = first_file_test; t < tests; ++t) {
      p.printed[t].rate = fields[k++];
      p.printed[t].cpu = fields[k++];
    }
    for (std::size_t t = 0; t < tests; ++t) p.printed[t].latency = fields[k++];
    if (!figures(p, found->number)) return std::nullopt;
    return p;
  }

  // ---- the tables (1.96/1.97 layout) -------------------------------------------------------
  // Reads a field printed as ` %Nd`: a space, then at least `width` characters, more when the
  // figure outgrew its width; a line cut short (trailing blanks dropped) gives "".
  static std::optional<std::string> take(const std::string& line, std::size_t& pos, std::size_t width) {
    if (pos >= line.size()) return std::string();
    if (line[pos] != ' ') return std::nullopt;
    ++pos;
    std::size_t end = std::min(pos + width, line.size());
    while (end < line.size() && line[end] != ' ') ++end;
    std::string field = trim(std::string_view(line).substr(pos, end - pos));
    pos = end;
    return field;
  }

  bool cells(const Line& row, std::size_t first, Parsed& p) {
    std::size_t pos = 19;
    for (std::size_t t = first; t < first + 6; ++t) {
      auto rate = take(row.text, pos, 5);
      auto cpu = rate ? take(row.text, pos, 3) : std::nullopt;
      if (!rate || !cpu) {
        fail(row.number, fmt::format("cannot read the {} column of bonnie++'s table", bonnie_test_names[t]));
        return false;
      }
      p.printed[t].rate = *rate;
      p.printed[t].cpu = *cpu;
    }
    return true;
  }

  bool latencies(const Line& row, std::size_t first, Parsed& p) {
    if (!starts_with(row.text, "Latency")) {
      fail(row.number, "expected bonnie++'s Latency line");
      return false;
    }
    std::size_t pos = 17;
    for (std::size_t t = first; t < first + 6; ++t) {
      auto l = take(row.text, pos, 9);
      if (!l) {
        fail(row.number, fmt::format("cannot read the {} latency", bonnie_test_names[t]));
        return false;
      }
      p.printed[t].latency = *l;
    }
    return true;
  }

  std::optional<Parsed> read_tables() {
    Parsed p;
    bool seen = false;
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      const std::string& text = lines_[i].text;
      if (!starts_with(text, "Version ") || text.size() < 20) continue;
      const bool io = text.find("------Sequential Output") != std::string::npos;
      const bool files = text.find("------Sequential Create") != std::string::npos;
      if (!io && !files) continue;
      if (i + 4 >= lines_.size()) {
        fail(lines_[i].number, "bonnie++'s table ends early");
        return std::nullopt;
      }
      // 2.00's tables have no Concurrency line; only the CSV line of such a log is read.
      if (io && !starts_with(lines_[i + 1].text, "Concurrency")) continue;
      if (!seen) first_row_ = lines_[i + 3].number;
      seen = true;
      p.run.version = p.run.format_version = trim(std::string_view(text).substr(8, 5));
      if (io && !read_io_table(i, p)) return std::nullopt;
      if (files && !read_file_table(i, p)) return std::nullopt;
      i += 4;
    }
    if (!seen) return std::nullopt;
    if (!figures(p, first_row_)) return std::nullopt;
    return p;
  }

  bool read_io_table(std::size_t i, Parsed& p) {
    BonnieRun& r = p.run;
    r.concurrency = trim(std::string_view(lines_[i + 1].text).substr(11, 4));
    const Line& row = lines_[i + 3];
    const std::string head = trim(std::string_view(row.text).substr(0, 19));
    const auto space = head.rfind(' ');
    std::string size = space == std::string::npos ? head : head.substr(space + 1);
    if (r.name.empty()) r.name = space == std::string::npos ? "" : trim(head.substr(0, space));
    if (const auto colon = size.find(':'); colon != std::string::npos) {
      r.io_chunk_size = size.substr(colon + 1);
      size = size.substr(0, colon);
    }
    r.file_size = size;
    return cells(row, 0, p) && latencies(lines_[i + 4], 0, p);
  }

  bool read_file_table(std::size_t i, Parsed& p) {
    BonnieRun& r = p.run;
    const std::string name = trim(std::string_view(lines_[i + 1].text).substr(0, 19));
    if (name.size() > r.name.size()) r.name = name;
    const Line& row = lines_[i + 3];
    std::string files = trim(std::string_view(row.text).substr(0, 19));
    if (const auto slash = files.find('/'); slash != std::string::npos) {
      r.num_dirs = files.substr(slash + 1);
      files = files.substr(0, slash);
    }
    if (const auto colon = files.find(':'); colon != std::string::npos) {
      std::string sizes = files.substr(colon + 1);
      files = files.substr(0, colon);
      const auto second = sizes.find(':');
      r.max_size = sizes.substr(0, second);
      if (second != std::string::npos) r.min_size = sizes.substr(second + 1);
    }
    r.num_files = files;
    return cells(row, first_file_test, p) && latencies(lines_[i + 4], first_file_test, p);
  }

  // ---- the figures -----------------------------------------------------------------------
  bool figures(Parsed& p, std::size_t line) {
    for (std::size_t t = 0; t < tests; ++t) {
      const Printed& pr = p.printed[t];
      BonnieFigure& f = p.run.tests[t];
      const auto bad = [&](const std::string& what, const std::string& text) {
        fail(line, fmt::format("{} of {} is '{}', not a figure bonnie++ prints", what, bonnie_test_names[t], text));
        return false;
      };
      if (pr.rate == "+++++" || pr.cpu == "+++") {
        f.state = State::too_quick;
      } else if (!pr.rate.empty()) {
        const auto rate = number(pr.rate);
        const auto cpu = number(pr.cpu);
        if (!rate) return bad("the rate", pr.rate);
        if (!cpu) return bad("the %CP", pr.cpu);
        f.state = State::measured;
        f.rate = *rate;
        f.cpu = *cpu;
      }
      const auto l = latency(pr.latency);
      if (!l) return bad("the latency", pr.latency);
      f.latency_ns = *l;
    }
    return true;
  }

  bool agree(const Parsed& csv, const Parsed& table) {
    for (std::size_t t = 0; t < tests; ++t) {
      const Printed& a = csv.printed[t];
      const Printed& b = table.printed[t];
      if (a.rate != b.rate || a.cpu != b.cpu || a.latency != b.latency) {
        error_ = fmt::format("{}: error: the table and the CSV line disagree on {} ({} {} {} against {} {} {})", name_,
                             bonnie_test_names[t], b.rate, b.cpu, b.latency, a.rate, a.cpu, a.latency);
        return false;
      }
    }
    return true;
  }

  std::vector<Line> lines_;
  std::string name_;
  std::string error_;
  std::string command_;
  std::size_t first_row_ = 0;  ///< the first table row, for messages
};

Series figure_series(const std::string& label, double value, const std::string& unit) {
  Series s;
  s.label = label;
  Sample sample;
  sample.kernel = "published";
  sample.iteration = 1;
  sample.figure = Figure{value, unit};
  s.samples.push_back(std::move(sample));
  return s;
}

}  // namespace

namespace {

/// Reads the log; `command` gets its `$ bonnie++ …` line, if it shows one.
std::optional<BonnieRun> read_log(std::string_view text, const std::string& name, std::string& error,
                                  std::string& command) {
  LogReader reader(text, name);
  auto parsed = reader.read();
  command = reader.command();
  if (!parsed) {
    error = reader.error();
    return std::nullopt;
  }
  return parsed->run;
}

}  // namespace

std::optional<BonnieRun> parse_bonnie_log(std::string_view text, const std::string& name, std::string& error) {
  std::string command;
  return read_log(text, name, error, command);
}
Result bonnie_published_result(const BonnieRun& run, std::string_view text, const std::string& name,
                               const std::string& command) {
  Result r;
  r.kind = "published";
  r.status = "published";
  r.machine = run.name;
  r.recipe_file = name;
  r.recipe_text = std::string(text);
  r.meta["title"] = fmt::format("bonnie++ {} on {}", run.version, run.name);
  r.meta["source"] = name;
  if (!command.empty()) r.meta["note"] = command;
  nlohmann::json b = {
      {"format_version", run.format_version}, {"bonnie_version", run.version},   {"name", run.name},
      {"concurrency", run.concurrency},       {"seed", run.seed},                {"file_size", run.file_size},
      {"io_chunk_size", run.io_chunk_size},   {"num_files", run.num_files},      {"max_size", run.max_size},
      {"min_size", run.min_size},             {"num_dirs", run.num_dirs},        {"file_chunk_size", run.file_chunk_size},
  };
  if (run.format_version == "1.98") {
    b["seeks"] = run.seeks;
    b["seek_proc_count"] = run.seek_proc_count;
  }
  nlohmann::json quick = nlohmann::json::array();
  for (std::size_t t = 0; t < tests; ++t) {
    const BonnieFigure& f = run.tests[t];
    const std::string label(bonnie_test_names[t]);
    if (f.state == State::too_quick) quick.push_back(label);
    if (f.state == State::measured) {
      r.series.push_back(figure_series(label, f.rate, t < 5 ? "KiB/s" : "ops/s"));
      r.series.push_back(figure_series(label + "_cpu", f.cpu, "%CP"));
    }
    if (f.latency_ns > 0) {
      // The latency in the unit bonnie++ chose, so that the figure reads as the log does.
      const std::string text_form = bonnie_latency_text(f.latency_ns);
      const auto digits = text_form.find_first_not_of("0123456789");
      r.series.push_back(figure_series(label + "_latency", std::stod(text_form.substr(0, digits)), text_form.substr(digits)));
    }
  }
  b["too_quick"] = quick;
  r.environment["bonnie"] = b;
  ReportSpec spec;
  spec.style = "bonnie";
  r.reports.push_back(spec);
  return r;
}

std::optional<Result> import_bonnie(std::string_view text, const std::string& name, std::string& error) {
  std::string command;
  const auto run = read_log(text, name, error, command);
  if (!run) return std::nullopt;
  return bonnie_published_result(*run, text, name, command);
}

}  // namespace hwbench::runtime
