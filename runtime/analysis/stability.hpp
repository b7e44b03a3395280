#pragma once
// Whether a series' samples can be trusted to describe one steady state: drift (its second half
// differs from its first) and outliers (single samples far from the rest). Both are judged on the
// figures a report shows, in sample order.
#include <cstddef>
#include <span>

namespace hwbench::runtime::analysis {

/// Fewer samples than this are not judged for drift: each half needs three for a usable interval.
inline constexpr std::size_t drift_min_samples = 6;
/// Fewer samples than this are not judged for outliers.
inline constexpr std::size_t outlier_min_samples = 5;
/// The modified Z-score beyond which a sample is an outlier (Iglewicz and Hoaglin's 3.5).
inline constexpr double outlier_z_threshold = 3.5;

/// Drift: with n >= drift_min_samples values in order, the first floor(n/2) and the last
/// floor(n/2) (the middle one left out when n is odd) have 95% confidence intervals of their
/// means (Student t, ci95) that do not overlap: |mean1 − mean2| > ci1 + ci2.
bool drifts(std::span<const double> values);

/// How many values are outliers by the modified Z-score of Iglewicz and Hoaglin:
/// |0.6745 × (x − median) / MAD| > outlier_z_threshold, where MAD is the median of |x − median|.
/// 0 for fewer than outlier_min_samples values, or when MAD is 0 (over half the values equal:
/// no spread to measure a distance by).
std::size_t count_outliers(std::span<const double> values);

}  // namespace hwbench::runtime::analysis
