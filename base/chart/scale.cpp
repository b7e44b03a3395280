#include "base/chart/scale.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace hwbench::chart {

namespace {

// 10^e as a double, exact for the powers a double holds exactly (and 1 / 10^-e below one, so
// that 10^-1 is the double nearest 0.1 rather than the product of rounded factors).
double power_of_ten(int e) {
  double p = 1;
  for (int i = 0; i < std::abs(e); ++i) p *= 10;
  return e < 0 ? 1 / p : p;
}

// A nice step as mantissa × 10^exponent.
struct Step {
  int mantissa = 1;
  int exponent = 0;
  double value() const { return exponent < 0 ? mantissa / power_of_ten(-exponent) : mantissa * power_of_ten(exponent); }
};

Step nice_step(double x, bool round) {
  const int exponent = static_cast<int>(std::floor(std::log10(x)));
  const double fraction = x / power_of_ten(exponent);
  int mantissa = 10;
  if (round)
    mantissa = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10;
  else
    mantissa = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  if (mantissa == 10) return {1, exponent + 1};
  return {mantissa, exponent};
}

// The multiple of `step` at index k (k·step), exact where the decimals allow.
double multiple(long long k, const Step& step) {
  if (step.exponent < 0) return static_cast<double>(k * step.mantissa) / power_of_ten(-step.exponent);
  return static_cast<double>(k * step.mantissa) * power_of_ten(step.exponent);
}

}  // namespace

double nice_number(double x, bool round) { return nice_step(x, round).value(); }

std::string tick_label(double value, int step_exponent, double largest) {
  static constexpr const char* prefixes[] = {"", "k", "M", "G", "T"};
  int thousands = 0;
  if (largest >= 1e4) thousands = std::min(4, static_cast<int>(std::floor(std::log10(largest) / 3)));
  const int decimals = std::max(0, 3 * thousands - step_exponent);
  const double shown = value / power_of_ten(3 * thousands);
  std::string text = fmt::format("{:.{}f}", shown, decimals);
  // Zero reads "0" on every axis, never "-0" or "0M".
  if (text.find_first_not_of("-0.") == std::string::npos) return "0";
  return text + prefixes[thousands];
}

std::vector<Tick> round_ticks(long long first, long long last, int mantissa, int exponent) {
  const Step step{mantissa, exponent};
  const double largest = std::max(std::fabs(multiple(first, step)), std::fabs(multiple(last, step)));
  std::vector<Tick> ticks;
  for (long long k = first; k <= last; ++k) {
    const double value = multiple(k, step);
    ticks.push_back({value, tick_label(value, exponent, largest)});
  }
  return ticks;
}

Scale Scale::linear(double low, double high, int ticks) {
  if (low > high) std::swap(low, high);
  if (!(high > low)) {
    // One value: a domain of a tenth of it on each side (or ±1 around zero).
    const double half = low == 0 ? 1 : std::fabs(low) / 10;
    low -= half;
    high += half;
  }
  const Step step = nice_step(nice_number(high - low, false) / std::max(1, ticks - 1), true);
  const double width = step.value();
  const auto first = static_cast<long long>(std::floor(low / width));
  const auto last = static_cast<long long>(std::ceil(high / width));
  Scale scale;
  scale.kind_ = ScaleKind::linear;
  scale.low_ = multiple(first, step);
  scale.high_ = multiple(last, step);
  scale.ticks_ = round_ticks(first, last, step.mantissa, step.exponent);
  return scale;
}

Scale Scale::linear_fixed(double low, double high, int ticks) {
  if (low > high) std::swap(low, high);
  if (!(high > low)) high = low + 1;
  const Step step = nice_step(nice_number(high - low, false) / std::max(1, ticks - 1), true);
  const double width = step.value();
  Scale scale;
  scale.kind_ = ScaleKind::linear;
  scale.low_ = low;
  scale.high_ = high;
  scale.ticks_ = round_ticks(static_cast<long long>(std::ceil(low / width)),
                             static_cast<long long>(std::floor(high / width)), step.mantissa, step.exponent);
  return scale;
}

Scale Scale::log(double low, double high) {
  if (low > high) std::swap(low, high);
  Scale scale;
  scale.kind_ = ScaleKind::log;
  if (std::log10(high / low) <= 1) {
    // Within a decade, decades alone would leave the axis bare: round numbers as on a linear axis.
    const Scale inner = linear(low, high, 5);
    scale.low_ = inner.low() > 0 ? inner.low() : low;
    scale.high_ = inner.high();
    for (const Tick& tick : inner.ticks())
      if (tick.value >= scale.low_) scale.ticks_.push_back(tick);
    return scale;
  }
  const int first = static_cast<int>(std::floor(std::log10(low) + 1e-12));
  const int last = static_cast<int>(std::ceil(std::log10(high) - 1e-12));
  scale.low_ = power_of_ten(first);
  scale.high_ = power_of_ten(last);
  for (int e = first; e <= last; ++e) {
    for (int m : {1, 2, 5}) {
      if ((m != 1 && last - first > 3) || (e == last && m != 1)) continue;
      // Each tick in its own magnitude: 1, 10, 100, 1000, 10k.
      const Step step{m, e};
      scale.ticks_.push_back({step.value(), tick_label(step.value(), e, step.value())});
    }
  }
  return scale;
}

double Scale::fraction(double value) const {
  if (kind_ == ScaleKind::log) return (std::log10(value) - std::log10(low_)) / (std::log10(high_) - std::log10(low_));
  return (value - low_) / (high_ - low_);
}

}  // namespace hwbench::chart
