#pragma once
// `report perl`: Perl's Benchmark module's timestr() line for each timed sample, as the FreeBSD
// article's script printed it with `timestr(timediff($t1, $t0))`:
//   126 wallclock secs ( 0.00 usr  0.05 sys +  0.00 cusr  0.02 csys =  0.07 CPU)
// usr/sys are hwbench's own CPU time during the sample, cusr/csys its waited-for children's (the
// workers of `parallel`). Perl's wallclock is the difference of two whole-second time() readings;
// here it is the same difference of the sample's start and end in whole Unix seconds, or its
// wall time truncated when the sample has no start time (`hires`: Perl's %2g of the exact
// figure, as with Time::HiRes).
#include <string>
#include <string_view>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::tools::perl {

/// Benchmark::timestr of one sample in `style` ("auto", "all", "noc", "nop"; "auto" is "all" when
/// children used CPU, else "noc"), without a newline.
std::string perl_timestr(const model::Sample& sample, std::string_view style = "auto", bool hires = false);

/// `report perl [style auto|all|noc|nop] [hires]`: one line per timed sample, in series order;
/// with more than one series each line starts with timethis's `%10s: ` and the series label.
model::RenderedReport render_perl(const model::Result& result, const model::ReportSpec& spec);

}  // namespace hwbench::runtime::tools::perl
