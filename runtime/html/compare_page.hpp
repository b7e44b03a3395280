#pragma once
// The page of a comparison (`hwbench compare A B […] --format html`).
#include <cstddef>
#include <string>
#include <vector>

#include "runtime/analysis/compare.hpp"
#include "runtime/html/page.hpp"
#include "runtime/model/result.hpp"

namespace hwbench::runtime::html {

/// The charts of `comparison`: per unit, one group of bars per series, one bar per result with
/// its figure and its ratio to the first at its end (hollow for a published result); the
/// indices apart; then the ratios on a log scale around 1, with each ratio column's geometric
/// mean. `published[i]` says whether result i is published.
std::vector<ChartFigure> comparison_charts(const analysis::Comparison& comparison,
                                           const analysis::CompareOptions& options, const std::vector<bool>& published);

/// The page: the results compared (title, source, machine), the environment with the facts
/// that differ marked, the comparison as `hwbench compare` prints it within `width` columns (its
/// notes wrapped; 0: no limit), then its charts.
std::string comparison_page(const std::vector<const model::Result*>& results, const analysis::Comparison& comparison,
                            const analysis::CompareOptions& options, std::size_t width);

}  // namespace hwbench::runtime::html
