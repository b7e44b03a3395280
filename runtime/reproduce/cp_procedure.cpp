#include "runtime/reproduce/cp_procedure.hpp"

#include <algorithm>
#include <regex>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace hwbench::runtime::reproduce {

namespace {

const std::regex& cp_row() {
  static const std::regex row(R"(^(read|write) ([0-9]+(B|KB|MB|GB|KiB|MiB|GiB))$)");
  return row;
}

/// One file size of the table: how many copies each direction made.
struct SizeRow {
  std::string size;
  std::size_t reads = 0;
  std::size_t writes = 0;
};

std::vector<SizeRow> size_rows(const model::Result& log) {
  std::vector<SizeRow> rows;
  for (const auto& s : log.series) {
    std::smatch m;
    if (!std::regex_match(s.label, m, cp_row())) continue;
    auto it = std::find_if(rows.begin(), rows.end(), [&](const SizeRow& r) { return r.size == m[2].str(); });
    if (it == rows.end()) it = rows.insert(rows.end(), SizeRow{m[2].str(), 0, 0});
    (m[1].str() == "read" ? it->reads : it->writes) = std::max<std::size_t>(1, s.samples.size());
  }
  return rows;
}

/// The log's own `report table UNIT with AGG…`, or the table of MB/s with the mean.
std::string report_statement(const model::Result& log) {
  for (const auto& r : log.reports)
    if (r.style.layout == model::ReportLayout::table)
      return fmt::format("report table {} with {}", r.unit, fmt::join(r.aggregates, ", "));
  return "report table MB/s with mean";
}

}  // namespace

bool cp_table(const model::Result& result) {
  return !result.series.empty() && std::all_of(result.series.begin(), result.series.end(), [](const model::Series& s) {
    return std::regex_match(s.label, cp_row());
  });
}

record::Procedure cp_procedure(const model::Result& log, std::string_view text, const std::string& name) {
  record::RecipeWriter w(text);
  w.header("a cp table: files of each size copied from a disk to the RAM disk and back", name, log.machine);
  w.statement(fmt::format(
      "title {}", record::RecipeWriter::quote(log.meta.count("title") ? log.meta.at("title") : "cp read/write")));
  w.statement(fmt::format("source {}", record::RecipeWriter::quote("reproduced from " + name)));
  w.statement("note \"read = cold cp from disk into the RAM disk; write = cp back to disk including the sync\"");
  w.comment("disk: the log's disk side; give it with -L disk=PATH (a directory hwbench may write in)");
  w.needs_location("disk");
  w.blank();
  const auto rows = size_rows(log);
  w.statement("setup {");
  for (const auto& r : rows) {
    const std::size_t files = std::max(r.reads, r.writes);
    w.statement(fmt::format("  repeat {} write disk:/hwb_{}_$i size {} random", files, r.size, r.size));
    // A write row copies files its read row put on the RAM disk: those it has more of than the
    // read row (all of them, without one) are written there first.
    if (r.reads == 0)
      w.statement(fmt::format("  repeat {} write ramdisk:/hwb_{}_$i size {} random", r.writes, r.size, r.size));
    else if (r.writes > r.reads)
      w.statement(fmt::format("  for i in {}..{} write ramdisk:/hwb_{}_$i size {} random", r.reads + 1, r.writes,
                              r.size, r.size));
  }
  w.statement("}");
  w.statement("settle until stable");
  for (const auto& r : rows) {
    if (r.reads > 0)
      w.statement(
          fmt::format("series \"read {}\" repeat {} cp disk:/hwb_{}_$i -> ramdisk: cold", r.size, r.reads, r.size),
          w.cite(fmt::format("read {}", r.size)));
    if (r.writes > 0)
      w.statement(fmt::format("series \"write {}\" repeat {} cp ramdisk:/hwb_{}_$i -> disk:/hwb_copy_{}_$i sync",
                              r.size, r.writes, r.size, r.size),
                  w.cite(fmt::format("write {}", r.size)));
  }
  w.statement("teardown { rm ramdisk:/hwb_* ; rm disk:/hwb_* }");
  w.statement(report_statement(log), "the layout the log printed");
  return w.finish("cp");
}

}  // namespace hwbench::runtime::reproduce
