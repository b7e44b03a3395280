#include "kernels/nbench/float/neural_net.hpp"

#include <cmath>
#include <cstdint>
#include <memory>

#include <doctest/doctest.h>

#include "kernels/nbench/common/nbench_data.hpp"
#include "kernels/nbench/float/float_index.hpp"
#include "kernels/nbench/nbench.hpp"
#include "tests/kernels/nbench/counted_run.hpp"

namespace hwbench::kernels::nbench {

TEST_CASE("neural net: NNET.DAT gives ten patterns, pixels squeezed to 0.1/0.9") {
  const std::vector<NnetPattern> patterns = parse_nnet_patterns(nnet_dat());
  REQUIRE(patterns.size() == 10);
  // Pattern 0 is 'A' (0100 0001); its top row is 0 0 1 0 0.
  CHECK(patterns[0].out == std::array<double, 8>{0, 1, 0, 0, 0, 0, 0, 1});
  CHECK(patterns[0].in[0] == 0.1);
  CHECK(patterns[0].in[2] == 0.9);
  // Pattern 9 is 'J' (0100 1010); its bottom row is 0 1 1 1 0.
  CHECK(patterns[9].out == std::array<double, 8>{0, 1, 0, 0, 1, 0, 1, 0});
  CHECK(patterns[9].in[30] == 0.1);
  CHECK(patterns[9].in[31] == 0.9);
  CHECK(parse_nnet_patterns(nnet_dat(), 26).size() == 26);
}

TEST_CASE("neural net: a malformed pattern file is refused") {
  CHECK_THROWS_AS(parse_nnet_patterns("5 7 8\n2\n1 0 1\n"), KernelError);
  CHECK_THROWS_AS(parse_nnet_patterns("4 4 8\n1\n"), KernelError);
  CHECK_THROWS_AS(parse_nnet_patterns("5 7 8\n1\n1 x 0"), KernelError);
}

TEST_CASE("neural net: from the reseeded generator it learns in 780 passes, as BYTEmark documents") {
  NeuralNet net(parse_nnet_patterns(nnet_dat()));
  Random rng;
  rng.reseed();
  CHECK(net.learn(rng) == 780);
  // In the last pass every output of every pattern was within 0.1 of its target...
  REQUIRE(net.pass_errors().size() == 10);
  for (const double error : net.pass_errors()) CHECK(error < 0.1);
  // ...and the weights that pass left still give every output within 0.11.
  const std::vector<NnetPattern> patterns = parse_nnet_patterns(nnet_dat());
  for (int p = 0; p < 10; ++p) {
    const auto out = net.outputs(p);
    for (std::size_t i = 0; i < out.size(); ++i) {
      CAPTURE(p);
      CAPTURE(i);
      CHECK(std::fabs(out[i] - patterns[static_cast<std::size_t>(p)].out[i]) < 0.11);
    }
  }
  // Every run starts from fresh weights: the same seed, the same run.
  rng.reseed();
  CHECK(net.learn(rng) == 780);
  CHECK_THROWS_AS(net.learn(rng, 5), KernelError);
}

TEST_CASE("neural net: one to ten patterns, in nbench's 32-byte aligned tables") {
  CHECK_THROWS_WITH_AS(NeuralNet(parse_nnet_patterns(nnet_dat(), 11)), "nbench neural net: 1 to 10 patterns",
                       KernelError);
  CHECK_THROWS_AS(NeuralNet(std::vector<NnetPattern>{}), KernelError);
  const NeuralNet net(parse_nnet_patterns(nnet_dat(), 3));
  CHECK(net.pass_errors().size() == 3);
  CHECK(alignof(NeuralNet) == 32);
  auto heap = std::make_unique<NeuralNet>(parse_nnet_patterns(nnet_dat()));
  CHECK(reinterpret_cast<std::uintptr_t>(heap.get()) % 32 == 0);
  CHECK_THROWS_AS(heap->outputs(10), KernelError);
}

TEST_CASE("neural net: one unit is one learning run, the reseed untimed") {
  const CountedRun one = run_counted(make_neural_net, 1);
  CHECK(one.work.ops == 1);
  CHECK(one.work.bytes == 0);
  CHECK(one.untimed_calls == 1);
  CHECK(run_counted(make_neural_net, 2).work.ops == 2);
}

}  // namespace hwbench::kernels::nbench
