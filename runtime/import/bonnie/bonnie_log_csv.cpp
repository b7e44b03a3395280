#include "runtime/import/bonnie/bonnie_log_csv.hpp"

#include <utility>
#include <vector>

#include <fmt/format.h>

namespace hwbench::runtime::import::bonnie {

using report::BonnieRun;

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

}  // namespace

std::optional<Parsed> read_csv_line(Log& log, std::string& command) {
  const Line* found = nullptr;
  std::vector<std::string> fields;
  for (const auto& line : log.lines()) {
    const std::string text = trim(line.text);
    if (text.starts_with("$ bonnie++") || text.starts_with("bonnie++ ")) command = text.substr(text[0] == '$' ? 2 : 0);
    if (text.starts_with("format_version,")) continue;  // the header of bonnie++ -x
    std::vector<std::string> f = split_fields(text);
    if (f.size() < 40 || !number(f[0])) continue;
    if (found != nullptr) {
      log.fail(line.number, "a second CSV line: import one bonnie++ run at a time");
      return std::nullopt;
    }
    found = &line;
    fields = std::move(f);
  }
  if (found == nullptr) return std::nullopt;
  const bool wide = fields[0] == "1.98";
  const std::size_t expected = wide ? 50 : 48;
  if (fields.size() != expected) {
    log.fail(found->number, fmt::format("a CSV line of format {} has {} fields, not {}", fields[0], fields.size(), expected));
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
  if (!figures(p, found->number, log)) return std::nullopt;
  return p;
}

}  // namespace hwbench::runtime::import::bonnie
