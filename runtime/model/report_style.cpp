#include "runtime/model/report_style.hpp"

#include <array>

namespace hwbench::runtime::model {

const std::vector<StyleInfo>& style_catalogue() {
  static const std::vector<StyleInfo> styles = {
      {"nbench",
       "BYTEmark (nbench 2.2.3)'s layout: iterations/sec, both index columns, both index blocks",
       {{"old", {}}, {"new", {}}},
       {"old", "new"}},
      {"bonnie",
       "bonnie++ 1.96's tables and CSV line (+++++ for a test under 0.5 s); version 1.03 or 2.00: that release's",
       {{"machine", {}}, {"version", {"1.03", "1.96", "1.97", "2.00"}}},
       {}},
      {"openssl",
       "openssl speed's summary: version lines, the type x block-size table in 1000s of bytes/s, the sign/verify "
       "tables",
       {},
       {}},
      {"perl",
       "Perl Benchmark's timestr line per timed sample: wallclock, usr sys + cusr csys = CPU",
       {{"style", {"auto", "all", "noc", "nop"}}, {"hires", {""}}},
       {}},
      {"stream",
       "STREAM 5.10's table (best MB/s skipping the first run, avg/min/max time) and the memcpy bound",
       {},
       {}},
      {"unixbench",
       "BYTE UnixBench's report: result lines, the George index table and score (layout 5 for 5.x/6.0, 4.1 for FINAL "
       "SCORE)",
       {{"layout", {"5", "4.1"}}, {"copies", {}}},
       {}},
  };
  return styles;
}

const StyleInfo* find_style_info(std::string_view name) {
  for (const auto& s : style_catalogue())
    if (s.name == name) return &s;
  return nullptr;
}

namespace {

// The generic layouts' words; a named style's word is its catalogue name.
constexpr std::array<std::pair<ReportLayout, std::string_view>, 5> layout_words = {{
    {ReportLayout::lines, "lines"},
    {ReportLayout::table, "table"},
    {ReportLayout::compare, "compare"},
    {ReportLayout::summary, "summary"},
    {ReportLayout::interleaved, "interleaved"},
}};

}  // namespace

ReportStyle named_report_style(const StyleInfo& info) { return ReportStyle{ReportLayout::named, &info}; }

std::string_view to_text(const ReportStyle& style) {
  if (style.layout == ReportLayout::named) return style.named != nullptr ? std::string_view(style.named->name) : "";
  for (const auto& [layout, word] : layout_words)
    if (layout == style.layout) return word;
  return {};
}

std::optional<ReportStyle> report_style_from_text(std::string_view text) {
  for (const auto& [layout, word] : layout_words)
    if (word == text) return ReportStyle{layout, nullptr};
  if (const StyleInfo* info = find_style_info(text)) return named_report_style(*info);
  return std::nullopt;
}

}  // namespace hwbench::runtime::model
