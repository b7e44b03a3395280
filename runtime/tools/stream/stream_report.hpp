#pragma once
// `report stream`: STREAM 5.10's result table for the `stream` series of a run. Per kernel the
// best rate (MB/s, 10^6 bytes, from the shortest pass) and the average, shortest and longest pass,
// the first sample skipped as STREAM skips its first iteration; then, as a line of its own, the
// memcpy figure: the best rate of a `stream memcpy` series over arrays of the same length with the
// same threads, measured the same way, with copy as a fraction of it (a ceiling on most machines,
// and said not to be one when Copy beats it).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::tools::stream {

/// One row of STREAM's table, computed from one series.
struct StreamRow {
  std::string label;          ///< the series label
  std::string function;       ///< "copy", "scale", "add", "triad" or "memcpy"
  std::vector<double> rates;  ///< MB/s of every sample, in order (the skipped one included)
  std::size_t used = 0;       ///< samples the figures below count (all but the first, when there are two or more)
  double best_rate = 0;       ///< MB/s: bytes of one pass / shortest pass / 10^6
  double avg_time = 0;        ///< seconds per pass
  double min_time = 0;
  double max_time = 0;
};

/// One STREAM run: the rows whose arrays have the same length, with the same threads.
struct StreamTable {
  std::uint64_t elements = 0;           ///< doubles per array, from the bytes of one pass
  std::string threads;                  ///< as the samples record it; "" when they do not
  std::vector<StreamRow> rows;          ///< copy, scale, add and triad, in series order
  std::optional<StreamRow> bound;       ///< the memcpy series, when the run has one
  std::optional<double> copy_fraction;  ///< copy's best rate over the bound's, when both exist
};

/// The aggregate stage: every `stream` series of `result`, grouped into tables in the order the
/// series first appear. Series without timed samples are left out.
std::vector<StreamTable> stream_tables(const model::Result& result);

/// The format stage: STREAM's header, table and HLINEs for each table, then the memcpy line.
/// `validated` adds STREAM's "Solution Validates" line (every stream statement checked its arrays).
std::string format_stream_tables(const std::vector<StreamTable>& tables, bool validated);

/// stream_tables then format_stream_tables, with the figures of every row (for the result file).
model::RenderedReport render_stream_report(const model::Result& result, const model::ReportSpec& spec);

}  // namespace hwbench::runtime::tools::stream
