#include "runtime/import/bonnie/bonnie_log_table.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "kernels/disk/bonnie.hpp"

namespace hwbench::runtime::import::bonnie {

using report::BonnieRun;

namespace {

using kernels::disk::bonnie_test_names;

// Reads a field printed as ` %Nd`: a space, then at least `width` characters, more when the
// figure outgrew its width; a line cut short (trailing blanks dropped) gives "".
std::optional<std::string> take(const std::string& line, std::size_t& pos, std::size_t width) {
  if (pos >= line.size()) return std::string();
  if (line[pos] != ' ') return std::nullopt;
  ++pos;
  std::size_t end = std::min(pos + width, line.size());
  while (end < line.size() && line[end] != ' ') ++end;
  std::string field = trim(std::string_view(line).substr(pos, end - pos));
  pos = end;
  return field;
}

class TableReader {
 public:
  explicit TableReader(Log& log) : log_(log), lines_(log.lines()) {}

  std::optional<Parsed> read() {
    Parsed p;
    bool seen = false;
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      const std::string& text = lines_[i].text;
      if (!text.starts_with("Version ") || text.size() < 20) continue;
      const bool io = text.find("------Sequential Output") != std::string::npos;
      const bool files = text.find("------Sequential Create") != std::string::npos;
      if (!io && !files) continue;
      if (i + 4 >= lines_.size()) {
        log_.fail(lines_[i].number, "bonnie++'s table ends early");
        return std::nullopt;
      }
      // 2.00's tables have no Concurrency line; only the CSV line of such a log is read.
      if (io && !lines_[i + 1].text.starts_with("Concurrency")) continue;
      if (!seen) first_row_ = lines_[i + 3].number;
      seen = true;
      p.run.version = p.run.format_version = trim(std::string_view(text).substr(8, 5));
      if (io && !read_io_table(i, p)) return std::nullopt;
      if (files && !read_file_table(i, p)) return std::nullopt;
      i += 4;
    }
    if (!seen) return std::nullopt;
    if (!figures(p, first_row_, log_)) return std::nullopt;
    return p;
  }

 private:
  bool cells(const Line& row, std::size_t first, Parsed& p) {
    std::size_t pos = 19;
    for (std::size_t t = first; t < first + 6; ++t) {
      auto rate = take(row.text, pos, 5);
      auto cpu = rate ? take(row.text, pos, 3) : std::nullopt;
      if (!rate || !cpu) {
        log_.fail(row.number, fmt::format("cannot read the {} column of bonnie++'s table", bonnie_test_names[t]));
        return false;
      }
      p.printed[t].rate = *rate;
      p.printed[t].cpu = *cpu;
    }
    return true;
  }

  bool latencies(const Line& row, std::size_t first, Parsed& p) {
    if (!row.text.starts_with("Latency")) {
      log_.fail(row.number, "expected bonnie++'s Latency line");
      return false;
    }
    std::size_t pos = 17;
    for (std::size_t t = first; t < first + 6; ++t) {
      auto l = take(row.text, pos, 9);
      if (!l) {
        log_.fail(row.number, fmt::format("cannot read the {} latency", bonnie_test_names[t]));
        return false;
      }
      p.printed[t].latency = *l;
    }
    return true;
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

  Log& log_;
  const std::vector<Line>& lines_;
  std::size_t first_row_ = 0;  ///< the first table row, for messages
};

}  // namespace

std::optional<Parsed> read_tables(Log& log) { return TableReader(log).read(); }

}  // namespace hwbench::runtime::import::bonnie
