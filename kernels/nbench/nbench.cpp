// `nbench TEST`: the ten BYTEmark tests behind one kernel, registered as the `nbench` family.
#include "kernels/nbench/nbench.hpp"

#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "kernels/contract/registry.hpp"
#include "kernels/nbench/float/float_index.hpp"
#include "kernels/nbench/integer/integer_index.hpp"

namespace hwbench::kernels::nbench {

const std::vector<TestInfo>& tests() {
  static const std::vector<TestInfo> table = {
      {"numeric_sort", "NUMERIC SORT", "one heapsort of 8111 64-bit integers", make_numeric_sort},
      {"string_sort", "STRING SORT", "one heapsort of an 8111-byte array of strings", make_string_sort},
      {"bitfield", "BITFIELD", "one bit set, cleared or complemented", make_bitfield},
      {"fp_emulation", "FP EMULATION", "one loop over 3000 software floating-point operations", make_fp_emulation},
      {"fourier", "FOURIER", "one Fourier coefficient of (x+1)^x on [0,2]", make_fourier},
      {"assignment", "ASSIGNMENT", "one 101x101 assignment problem solved", make_assignment},
      {"idea", "IDEA", "one IDEA encryption and decryption of 4000 bytes", make_idea},
      {"huffman", "HUFFMAN", "one Huffman build, compression and decompression of 5000 bytes", make_huffman},
      {"neural_net", "NEURAL NET", "one back-propagation training run to convergence", make_neural_net},
      {"lu_decomposition", "LU DECOMPOSITION", "one LU solve of a 101x101 system", make_lu_decomposition},
  };
  return table;
}

const TestInfo* find_test(const std::string& name) {
  for (const auto& t : tests())
    if (t.name == name) return &t;
  return nullptr;
}

}  // namespace hwbench::kernels::nbench

namespace hwbench::kernels {

void nbench::register_kernels(Registry& registry) {
  KernelSpec k;
  k.name = "nbench";
  k.family = "nbench";
  k.help = "a BYTEmark (nbench 2.2.3) test; iter/s counts what nbench counts";
  k.lineage = "BYTEmark native mode 2 / nbench-byte 2.2.3";
  std::vector<std::string> names;
  for (const auto& t : nbench::tests()) names.push_back(t.name);
  k.synopsis = fmt::format("nbench {}", fmt::join(names, "|"));
  k.args = {{"TEST", ArgKind::word, "", "which of the ten tests"}};
  k.unit = WorkUnit::iterations;
  k.one_thread = true;
  // Short samples, as many as the confidence rule needs: the same ±5% at 95% as nbench asks,
  // in a fraction of its 5 s CPU-time samples (`faithful` restores those).
  k.measure.for_seconds = 0.3;
  k.measure.until_ci_pct = 5;
  k.effects = [names](const Call& call, const platform::FileView&) {
    FileEffects fx;
    if (!call.args.empty() && nbench::find_test(call.args[0].text) == nullptr)
      fx.problems.push_back(
          {fmt::format("unknown test '{}'", call.args[0].text),
           support::did_you_mean(call.args[0].text, names, fmt::format("tests: {}", fmt::join(names, " ")))});
    return fx;
  };
  k.make = [](const Call& call, const Context& ctx) {
    const nbench::TestInfo* test = nbench::find_test(call.args.at(0).text);
    if (test == nullptr) throw KernelError("unknown nbench test '" + call.args.at(0).text + "'");
    return test->make(call, ctx);
  };
  registry.add(std::move(k));
}

}  // namespace hwbench::kernels
