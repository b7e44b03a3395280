#include "runtime/report/named_report.hpp"

#include "runtime/report/bonnie_report.hpp"
#include "runtime/report/nbench_report.hpp"
#include "runtime/report/openssl_report.hpp"
#include "runtime/report/perl_report.hpp"
#include "runtime/report/stream_report.hpp"
#include "runtime/report/unixbench_report.hpp"

namespace hwbench::runtime {

const std::vector<NamedStyle>& named_styles() {
  // Each style registers here, explicitly, as kernels do in registry.cpp.
  static const std::vector<NamedStyle> styles = {
      {"nbench", "BYTEmark (nbench 2.2.3)'s layout: iterations/sec, both index columns, both index blocks", {{"old", {}}, {"new", {}}}, render_nbench_report},
      {"bonnie", "bonnie++ 1.96's tables and CSV line (+++++ for a test under 0.5 s)", {{"machine", {}}, {"version", {"1.96", "1.97"}}}, render_bonnie},
      {"openssl", "openssl speed's summary: version lines, the type x block-size table in 1000s of bytes/s, the sign/verify tables", {}, render_openssl_report},
      {"perl", "Perl Benchmark's timestr line per timed sample: wallclock, usr sys + cusr csys = CPU", {{"style", {"auto", "all", "noc", "nop"}}, {"hires", {""}}}, render_perl},
      {"stream", "STREAM 5.10's table (best MB/s skipping the first run, avg/min/max time) and the memcpy bound", {}, render_stream_report},
      {"unixbench", "BYTE UnixBench's report: result lines, the George index table and score (layout 5 for 5.x/6.0, 4.1 for FINAL SCORE)", {{"layout", {"5", "4.1"}}, {"copies", {}}}, render_unixbench_report},
  };
  return styles;
}

const NamedStyle* find_named_style(std::string_view name) {
  for (const auto& s : named_styles())
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace hwbench::runtime
