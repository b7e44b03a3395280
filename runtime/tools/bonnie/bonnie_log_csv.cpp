#include "runtime/tools/bonnie/bonnie_log_csv.hpp"

#include <utility>
#include <vector>

#include <fmt/format.h>

namespace hwbench::runtime::tools::bonnie {

namespace {

std::vector<std::string> split_fields(const std::string& text) {
  std::vector<std::string> f;
  std::size_t start = 0;
  for (;;) {
    const auto comma = text.find(',', start);
    f.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return f;
}

// 1.0x's size field: "", "300M", "4G", "1G:32k".
bool size_field(const std::string& s) {
  const auto unit = s.find_first_not_of("0123456789");
  if (s.empty()) return true;
  if (unit == 0 || unit == std::string::npos || (s[unit] != 'M' && s[unit] != 'G')) return false;
  return unit + 1 == s.size() || s[unit + 1] == ':';
}

}  // namespace

bool is_csv_header(const std::string& text) {
  return text.starts_with("format_version,bonnie_version,name,") || text.starts_with("name,file_size,putc,");
}

std::optional<Parsed> read_csv_line(Log& log, const Line& line, BonnieLayout& layout) {
  const std::string text = trim(line.text);
  if (is_csv_header(text)) return std::nullopt;
  const std::vector<std::string> fields = split_fields(text);
  const bool old = fields.size() == 27 && size_field(fields[1]);
  if (!old && (fields.size() < 40 || !number(fields[0]))) return std::nullopt;
  layout = old ? BonnieLayout::v1_03 : fields[0] == "1.98" ? BonnieLayout::v2_00 : BonnieLayout::v1_96;
  const std::size_t expected = layout == BonnieLayout::v2_00 ? 50 : 48;
  if (!old && fields.size() != expected) {
    log.fail({line.number, 0},
             fmt::format("a CSV line of format {} has {} fields, not {}", fields[0], fields.size(), expected));
    return std::nullopt;
  }
  Parsed p;
  BonnieRun& r = p.run;
  std::size_t k = 0;
  if (old) {
    r.format_version = r.version = "";
    r.concurrency = "";
    r.name = fields[k++];
    read_size_descriptor(fields[k++], layout, r);
  } else {
    for (auto* field :
         {&r.format_version, &r.version, &r.name, &r.concurrency, &r.seed, &r.file_size, &r.io_chunk_size})
      *field = fields[k++];
  }
  if (layout == BonnieLayout::v2_00) {
    r.seeks = fields[k++];
    r.seek_proc_count = fields[k++];
  }
  const auto cells = [&](std::size_t first) {
    for (std::size_t t = first; t < first + 6; ++t) {
      p.printed[t].rate = fields[k++];
      p.printed[t].cpu = fields[k++];
    }
  };
  cells(0);
  if (old)
    read_files_descriptor(fields[k++], r);
  else
    // bonnie++ writes the file chunk size past the end of its buffer, so the field the header
    // calls num_dirs stays empty and the number of directories comes one field later.
    for (auto* field : {&r.num_files, &r.max_size, &r.min_size, &r.file_chunk_size, &r.num_dirs}) *field = fields[k++];
  cells(first_file_test);
  if (!old)
    for (std::size_t t = 0; t < tests; ++t) p.printed[t].latency = fields[k++];
  for (auto& pr : p.printed) pr.rate_at = pr.cpu_at = pr.latency_at = {line.number, 0};
  if (!figures(p, layout, false, log)) return std::nullopt;
  return p;
}

}  // namespace hwbench::runtime::tools::bonnie
