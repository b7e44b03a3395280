#pragma once
// BYTEmark's back-propagation network (Maureen Caudill's, BYTE October 1991): 35 inputs (a 5x7
// character bitmap), 8 middle neurodes, 8 outputs (the character's ASCII code), sigmoid units,
// delta rule with a momentum term.
#include <array>
#include <span>
#include <string_view>
#include <vector>

#include "kernels/nbench/common/random.hpp"

namespace hwbench::kernels::nbench {

inline constexpr int nnet_inputs = 35;
inline constexpr int nnet_middle = 8;
inline constexpr int nnet_outputs = 8;
/// nbench reads at most this many patterns of NNET.DAT.
inline constexpr int nnet_max_patterns = 10;

/// One training pair: inputs (0/1 pixels squeezed to 0.1/0.9, as nbench does) and 0/1 outputs.
struct NnetPattern {
  std::array<double, nnet_inputs> in{};
  std::array<double, nnet_outputs> out{};
};

/// The first `max_patterns` patterns of an NNET.DAT text; throws KernelError if it is malformed.
std::vector<NnetPattern> parse_nnet_patterns(std::string_view text, int max_patterns = nnet_max_patterns);

/// The network and its training state.
class NeuralNet {
 public:
  /// At most nnet_max_patterns patterns (more: KernelError).
  explicit NeuralNet(const std::vector<NnetPattern>& patterns);

  /// One complete learning run: weights drawn afresh from `rng` (middle in [-0.25, 0.25), output
  /// in nbench's [-0.25, 4.75)), momentum cleared, then passes over all patterns until every
  /// output of every pattern is within 0.1 of its target. Returns the number of passes.
  /// Throws KernelError if it has not learned after `max_passes`.
  int learn(Random& rng, int max_passes = 1000000);

  /// Per pattern, the largest |target - output| seen in the last pass (before that pattern's own
  /// weight update): what learn() compares with 0.1.
  std::span<const double> pass_errors() const { return {worst_error_, static_cast<std::size_t>(count_)}; }

  /// The outputs for pattern `p` with the current weights.
  std::array<double, nnet_outputs> outputs(int p);

 private:
  void move_changes();
  void forward(const double* in);
  void backward(const double* in, const double* out, int p);

  int count_ = 0;
  // nbench keeps these in global arrays, which GCC aligns to 32 bytes, and the patterns in two
  // tables (inputs, outputs). The same layout and alignment here: -O3 vectorises these loops into
  // 16-byte loads and stores, and how many of them straddle a cache line is part of the work. At
  // the 8-byte offsets a plain member array gets, NEURAL NET ran 8% slower than nbench with the
  // same instructions (bench/nbench_lockstep.sh).
  alignas(32) double in_pats_[nnet_max_patterns][nnet_inputs] = {};
  alignas(32) double out_pats_[nnet_max_patterns][nnet_outputs] = {};
  alignas(32) double mid_wts_[nnet_middle][nnet_inputs] = {};
  alignas(32) double out_wts_[nnet_outputs][nnet_middle] = {};
  alignas(32) double mid_out_[nnet_middle] = {};
  alignas(32) double out_out_[nnet_outputs] = {};
  alignas(32) double mid_error_[nnet_middle] = {};
  alignas(32) double out_error_[nnet_outputs] = {};
  alignas(32) double mid_change_[nnet_middle][nnet_inputs] = {};
  alignas(32) double out_change_[nnet_outputs][nnet_middle] = {};
  alignas(32) double mid_cum_change_[nnet_middle][nnet_inputs] = {};
  alignas(32) double out_cum_change_[nnet_outputs][nnet_middle] = {};
  alignas(32) double worst_error_[nnet_max_patterns] = {};  // per pattern, largest |target - output| of its last pass
};

}  // namespace hwbench::kernels::nbench
