#pragma once
// Scales: where a figure lies along an axis, and the round numbers ("nice numbers", Heckbert's
// 1, 2, 5 × 10^k) an axis marks. A scale maps its domain onto the fraction 0..1 of the axis's
// length; the chart that draws it decides the length.
#include <string>
#include <vector>

namespace hwbench::chart {

/// The 1, 2, 5 or 10 times a power of ten nearest `x` (`round`) or at least `x` (not `round`),
/// for x > 0 (Heckbert, "Nice numbers for graph labels", Graphics Gems, 1990).
double nice_number(double x, bool round);

/// A mark on an axis: where, and what it reads.
struct Tick {
  double value = 0;
  std::string label;
};

/// Linear, or logarithmic (base 10).
enum class ScaleKind { linear, log };

/// A scale over a domain widened to round ticks.
class Scale {
 public:
  /// A linear scale covering [low, high] (either order), widened to the round ticks just outside
  /// them, about `ticks` ticks apart; a single value (low == high) gets a domain around it.
  static Scale linear(double low, double high, int ticks = 5);
  /// A linear scale from exactly `low` to exactly `high` (low < high), ticked with round numbers
  /// inside: for an axis that must not be widened (sample numbers 1..n).
  static Scale linear_fixed(double low, double high, int ticks = 5);
  /// A log scale covering [low, high] (both > 0): past a decade, widened to whole decades,
  /// ticked at 1, 2 and 5 × 10^k (only 10^k past three decades); within one decade, ticked with
  /// the round numbers of a linear scale.
  static Scale log(double low, double high);

  ScaleKind kind() const { return kind_; }
  double low() const { return low_; }
  double high() const { return high_; }
  /// How far `value` lies from low() towards high(), as a fraction (0 at low, 1 at high).
  double fraction(double value) const;
  /// The ticks, increasing, each inside [low(), high()].
  const std::vector<Tick>& ticks() const { return ticks_; }

 private:
  ScaleKind kind_ = ScaleKind::linear;
  double low_ = 0;
  double high_ = 1;
  std::vector<Tick> ticks_;
};

/// The multiples of step = `mantissa` × 10^`exponent` from `first`·step to `last`·step, each
/// computed as one product or quotient of integers so that 0.1 × 3 reads 0.3, labelled with the
/// decimals the step needs (tick_label).
std::vector<Tick> round_ticks(long long first, long long last, int mantissa, int exponent);

/// A tick's label: `value` with the decimals a step of 10^`step_exponent` needs (0.2: one);
/// when the axis's `largest` tick reaches 10,000, in thousands (k), millions (M), billions (G) or
/// trillions (T) with the decimals the step needs there (20000000 on an axis to 80M: "20M").
std::string tick_label(double value, int step_exponent, double largest);

}  // namespace hwbench::chart
