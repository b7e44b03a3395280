#include "runtime/analysis/statistics.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace hwbench::runtime::analysis {

namespace {

constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();

// t(0.975, df) for df = 1..30, computed from the regularized incomplete beta function
// (mpmath, 30 digits) and rounded to 8 significant digits.
constexpr std::array<double, 30> t975_table = {
    12.706205, 4.3026527, 3.1824463, 2.7764451, 2.5705818, 2.4469119, 2.3646243, 2.3060041, 2.2621572, 2.2281389,
    2.2009852, 2.1788128, 2.1603687, 2.1447867, 2.1314495, 2.1199053, 2.1098156, 2.1009220, 2.0930241, 2.0859634,
    2.0796138, 2.0738731, 2.0686576, 2.0638986, 2.0595386, 2.0555294, 2.0518305, 2.0484071, 2.0452296, 2.0422725,
};

// The standard normal 97.5% quantile: t(0.975, infinity).
constexpr double z975 = 1.959963984540054;

}  // namespace

double mean(std::span<const double> v) {
  if (v.empty()) return nan_value;
  const auto n = static_cast<double>(v.size());
  const double total = sum(v);
  if (std::isfinite(total)) return total / n;
  // Finite values whose sum overflows (near 1e308): their shares of the mean do not.
  if (!std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); })) return total / n;
  double m = 0;
  for (double x : v) m += x / n;
  return m;
}

double median(std::span<const double> v) {
  if (v.empty()) return nan_value;
  // The middle value in linear time: nth_element puts it in place with the smaller ones before it.
  std::vector<double> values(v.begin(), v.end());
  const auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), mid, values.end());
  if (values.size() % 2 == 1) return *mid;
  return (*std::max_element(values.begin(), mid) + *mid) / 2;
}

double min(std::span<const double> v) {
  if (v.empty()) return nan_value;
  return *std::min_element(v.begin(), v.end());
}

double max(std::span<const double> v) {
  if (v.empty()) return nan_value;
  return *std::max_element(v.begin(), v.end());
}

double stdev(std::span<const double> v) {
  // One value has no spread to estimate (n - 1 = 0), none has no mean: neither is a spread of 0.
  if (v.size() < 2) return nan_value;
  // Two passes: subtracting the mean first keeps the squares small and exact enough.
  const double m = mean(v);
  double squares = 0;
  for (double x : v) squares += (x - m) * (x - m);
  const double sd = std::sqrt(squares / static_cast<double>(v.size() - 1));
  if (std::isfinite(sd) || !std::isfinite(m)) return sd;
  // Deviations beyond 1e154 overflow when squared: the same sums on the values scaled by a power
  // of two (exact), the result scaled back.
  double largest = std::fabs(m / 2);
  for (double x : v) largest = std::max(largest, std::fabs(x / 2));
  int exponent = 0;
  std::frexp(largest, &exponent);
  squares = 0;
  for (double x : v) {
    const double d = std::ldexp(x / 2, -exponent) - std::ldexp(m / 2, -exponent);
    squares += d * d;
  }
  return std::ldexp(std::sqrt(squares / static_cast<double>(v.size() - 1)), exponent + 1);
}

double cv(std::span<const double> v) { return stdev(v) / mean(v); }

double ci95(std::span<const double> v) {
  if (v.size() < 2) return nan_value;
  const auto n = static_cast<double>(v.size());
  return student_t975(static_cast<unsigned>(v.size() - 1)) * stdev(v) / std::sqrt(n);
}

double geomean(std::span<const double> v) {
  if (v.empty()) return nan_value;
  // Through logarithms: a product of many large rates would overflow a double.
  double logs = 0;
  for (double x : v) {
    if (!(x > 0)) return nan_value;
    logs += std::log(x);
  }
  return std::exp(logs / static_cast<double>(v.size()));
}

std::size_t unixbench_kept(std::size_t n) { return n - n / 3; }

double unixbench_score(std::span<const double> v) {
  std::vector<double> sorted(v.begin(), v.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t drop = sorted.size() / 3;
  return geomean(std::span<const double>(sorted).subspan(drop));
}

double sum(std::span<const double> v) {
  double total = 0;
  for (double x : v) total += x;
  return total;
}

double student_t975(unsigned df) {
  if (df == 0) return nan_value;
  if (df <= t975_table.size()) return t975_table[df - 1];
  // Cornish-Fisher expansion of t around the normal quantile (Abramowitz & Stegun 26.7.5);
  // above 30 degrees of freedom it agrees with the exact quantile to better than 1e-6.
  const double z = z975;
  const double z2 = z * z;
  const double z3 = z2 * z, z5 = z3 * z2, z7 = z5 * z2, z9 = z7 * z2;
  const double g1 = (z3 + z) / 4;
  const double g2 = (5 * z5 + 16 * z3 + 3 * z) / 96;
  const double g3 = (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384;
  const double g4 = (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160;
  const double d = static_cast<double>(df);
  return z + g1 / d + g2 / (d * d) + g3 / (d * d * d) + g4 / (d * d * d * d);
}

double count(std::span<const double> v) { return static_cast<double>(v.size()); }

std::span<const Aggregate> aggregate_table() {
  static constexpr std::array<Aggregate, 11> table = {{
      {"mean", mean},
      {"median", median},
      {"min", min},
      {"max", max},
      {"stdev", stdev},
      {"cv", cv, false},
      {"ci95", ci95},
      {"geomean", geomean},
      {"sum", sum},
      {"count", count, false},
      {"unixbench", unixbench_score},
  }};
  return table;
}

const Aggregate* find_aggregate(std::string_view name) {
  for (const auto& a : aggregate_table())
    if (a.name == name) return &a;
  return nullptr;
}

const std::vector<std::string>& aggregate_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& a : aggregate_table()) out.emplace_back(a.name);
    return out;
  }();
  return names;
}

std::optional<double> aggregate(std::string_view name, std::span<const double> v) {
  const Aggregate* a = find_aggregate(name);
  if (a == nullptr) return std::nullopt;
  return a->compute(v);
}

double RunningMean::ci95() const {
  if (n_ < 2) return std::numeric_limits<double>::quiet_NaN();
  const double stdev = std::sqrt(squares_ / static_cast<double>(n_ - 1));
  return student_t975(static_cast<unsigned>(n_ - 1)) * stdev / std::sqrt(static_cast<double>(n_));
}

}  // namespace hwbench::runtime::analysis
