#pragma once
// Report units. Every unit says its base: MB/s is 10^6 B/s, MiB/s is 2^20 B/s,
// `k` is openssl speed's 1000s of bytes per second.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/model/sample.hpp"

namespace hwbench::runtime::analysis {

/// What a unit measures.
enum class Measure {
  byte_rate,  ///< bytes per second
  op_rate,    ///< operations per second
  time,       ///< seconds per sample
  bytes,      ///< bytes per sample
  ops,        ///< operations per sample
  cpu_share,  ///< CPU time (usr + sys + cusr + csys) over wall time: bonnie++'s %CP
};

/// A report unit: a figure in this unit is the base figure divided by `factor`.
struct Unit {
  std::string name;
  Measure measure = Measure::byte_rate;
  double factor = 1;
  std::string help;
};

/// The unit called `name` (case-sensitive: `MB/s`, `MiB/s`, `k`, `ops/s`, `lps`, `lpm`, `s`, `ms`…).
const Unit* find_unit(std::string_view name);
/// Every unit, in the order `hwbench list` shows them.
const std::vector<Unit>& all_units();
/// Every unit name, for did-you-mean.
std::vector<std::string> unit_names();

/// A sample's figure in `unit`: a rate from its totals and wall time, or its published figure
/// converted when it has one. std::nullopt when the sample cannot give that measure
/// (no wall time, or a published figure of another measure).
std::optional<double> sample_value(const model::Sample& sample, const Unit& unit);

/// The unit a series is naturally shown in, the one rule `report summary`, `compare` and a
/// result's default report follow: its published figures' own unit when its samples have one;
/// MB/s when it moved bytes; ops/s when it counted operations; the unit of its printed mean (a
/// published series that printed its means only); seconds when it was only timed; ops/s for a
/// series with nothing to show.
const Unit& natural_unit(const model::Series& series);

/// The rate a sample did its work at, per timed second (CPU time where it was CPU-timed): its
/// bytes, else its operations, else its units of work. 0 when it was not timed. What a run's
/// `until ci` and its progress display follow.
double work_rate(const model::Sample& sample);

/// A unit as people read a figure in it: the name to print and the divisor that takes a figure
/// in `unit` to it. Operations per second take k (from 10^4), M and G, as the progress line shows
/// them (2895857012.8 ops/s reads 2.896 G ops/s); seconds go down to ms, us and ns below one
/// second. Every other unit (MB/s, lps, a published figure's own) is kept: it carries its scale.
struct ScaledUnit {
  std::string name;
  double divisor = 1;
};
ScaledUnit scaled_unit(const Unit& unit, double value);

/// sample_value of each of the series' samples, in order, those without one left out: the
/// per-sample figures of a report in `unit`. Where some samples carry a figure of `unit`'s
/// measure, those without a figure are left out too. With `blocks`, the block of each kept sample is
/// appended to it (model::Sample::block), in the same order; with `rounds`, its round
/// (model::Sample::round).
std::vector<double> sample_values(const model::Series& series, const Unit& unit,
                                  std::vector<std::uint32_t>* blocks = nullptr,
                                  std::vector<std::uint32_t>* rounds = nullptr);

/// The coarsest resolution among the series' figures (model::Figure::resolution) in `unit`, that
/// of the printed digits a program's figures were read with; 0 when none is known.
double figure_resolution(const model::Series& series, const Unit& unit);

}  // namespace hwbench::runtime::analysis
