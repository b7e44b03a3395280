#pragma once
// Statistics are free functions over samples' figures.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::runtime::analysis {

/// Arithmetic mean (NaN for no values).
double mean(std::span<const double> v);
/// Median: the middle value, or the mean of the two middle values.
double median(std::span<const double> v);
double min(std::span<const double> v);
double max(std::span<const double> v);
/// Sample standard deviation (n-1); NaN for fewer than two values.
double stdev(std::span<const double> v);
/// Coefficient of variation, stdev / mean, as a fraction; NaN for fewer than two values.
double cv(std::span<const double> v);
/// Half-width of the 95% confidence interval of the mean (Student t, n-1 degrees of freedom);
/// NaN for fewer than two values.
double ci95(std::span<const double> v);
/// Geometric mean (NaN if any value is not positive).
double geomean(std::span<const double> v);
double sum(std::span<const double> v);
/// How many values there are.
double count(std::span<const double> v);
/// UnixBench's pass rule: the lowest int(n/3) values dropped, the geometric mean of the rest
/// (10 passes keep 7, 3 keep 2, 1 keeps 1).
double unixbench_score(std::span<const double> v);
/// How many values unixbench_score keeps of n.
std::size_t unixbench_kept(std::size_t n);
/// The two-sided 97.5% quantile of Student's t with `df` degrees of freedom.
double student_t975(unsigned df);

/// Figures summed as they come (Welford's running mean and squares): each add() costs the same
/// however many came before. What `until ci` judges and what progress shows.
class RunningMean {
 public:
  /// Adds one figure.
  void add(double value) {
    ++n_;
    const double delta = value - mean_;
    mean_ += delta / static_cast<double>(n_);
    squares_ += delta * (value - mean_);
  }
  /// Figures added.
  std::uint64_t count() const { return n_; }
  /// Their mean (0 before any).
  double mean() const { return mean_; }
  /// The Student-t 95% half-interval of the mean, as ci95() gives it; NaN below two figures.
  double ci95() const;

 private:
  std::uint64_t n_ = 0;
  double mean_ = 0;
  double squares_ = 0;
};

/// One aggregate of the language: how a series' figures make one figure.
struct Aggregate {
  std::string_view name;                       ///< as recipes and files spell it
  double (*compute)(std::span<const double>);  ///< the figure over the values (NaN where undefined)
  /// True when the figure is in the values' unit and converts with it; false for cv (a fraction)
  /// and count.
  bool in_unit = true;
};

/// Every aggregate the language knows, in the order `hwbench list` shows them: mean median min
/// max stdev cv ci95 geomean sum count unixbench.
std::span<const Aggregate> aggregate_table();
/// The aggregate called `name` (exact spelling), or nullptr.
const Aggregate* find_aggregate(std::string_view name);
/// The names of aggregate_table(), in its order.
const std::vector<std::string>& aggregate_names();
/// The aggregate `name` over `v`, or std::nullopt for an unknown name.
std::optional<double> aggregate(std::string_view name, std::span<const double> v);

}  // namespace hwbench::runtime::analysis
