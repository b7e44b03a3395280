#include "runtime/tools/perl/perl_report.hpp"

#include <cmath>

#include <fmt/format.h>
#include <fmt/printf.h>

namespace hwbench::runtime::tools::perl {

namespace {

double seconds(std::int64_t ns) { return static_cast<double>(ns) / 1e9; }

// Perl's times() counts CPU time in clock ticks (1/100 s on Linux), and its CPU total is the sum
// of those: each time is taken to its nearest tick first, so that the total is its parts' sum
// (4 ms of usr and 4 ms of sys are 0.00 + 0.00 = 0.00, not 0.01).
double ticks(std::int64_t ns) { return std::round(static_cast<double>(ns) / 1e7) / 100; }

// Benchmark subtracts two readings of time(), whole seconds each: a sample from 0.9 s past one
// second to 2.1 s past it shows 2, not 1. Without its start time, the whole seconds of the span.
long long whole_wallclock(const model::Sample& sample) {
  constexpr std::int64_t second = 1'000'000'000;
  if (sample.start_unix_ns <= 0) return sample.wall_ns / second;
  return (sample.start_unix_ns + sample.wall_ns) / second - sample.start_unix_ns / second;
}

}  // namespace

std::string perl_timestr(const model::Sample& sample, std::string_view style, bool hires) {
  const double real = seconds(sample.wall_ns);
  const double usr = ticks(sample.cpu.usr_ns), sys = ticks(sample.cpu.sys_ns);
  const double cusr = ticks(sample.cpu.cusr_ns), csys = ticks(sample.cpu.csys_ns);
  if (style == "auto") style = cusr + csys > 0 ? "all" : "noc";
  // Perl formats its time() difference with %2d (or %2g of the exact span with Time::HiRes).
  std::string out = hires ? fmt::sprintf("%2g", real) : fmt::sprintf("%2d", whole_wallclock(sample));
  out += " wallclock secs";
  if (style == "all")
    out += fmt::sprintf(" (%5.2f usr %5.2f sys + %5.2f cusr %5.2f csys = %5.2f CPU)", usr, sys, cusr, csys,
                        usr + sys + cusr + csys);
  else if (style == "noc")
    out += fmt::sprintf(" (%5.2f usr + %5.2f sys = %5.2f CPU)", usr, sys, usr + sys);
  else if (style == "nop")
    out += fmt::sprintf(" (%5.2f cusr + %5.2f csys = %5.2f CPU)", cusr, csys, cusr + csys);
  return out;
}

model::RenderedReport render_perl(const model::Result& result, const model::ReportSpec& spec) {
  model::RenderedReport out;
  out.spec = spec;
  const auto style_it = spec.options.find("style");
  const std::string style = style_it == spec.options.end() ? "auto" : style_it->second;
  const bool hires = spec.options.count("hires") != 0;
  std::size_t timed_series = 0;
  for (const auto& series : result.series)
    for (const auto& s : series.samples)
      if (s.wall_ns > 0) {
        ++timed_series;
        break;
      }
  for (const auto& series : result.series) {
    model::ReportFigures figures;
    figures.label = series.label;
    figures.unit = "s";
    for (const auto& s : series.samples) {
      if (s.wall_ns <= 0) continue;
      if (timed_series > 1) out.text += fmt::sprintf("%10s: ", series.label);
      out.text += perl_timestr(s, style, hires) + "\n";
      figures.values.push_back(seconds(s.wall_ns));
    }
    if (!figures.values.empty()) out.figures.push_back(std::move(figures));
  }
  if (out.text.empty()) out.text = "(no timed samples)\n";
  return out;
}

}  // namespace hwbench::runtime::tools::perl
