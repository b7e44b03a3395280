// The stream kernel: one pass per unit with STREAM's byte counts, STREAM's arithmetic on the
// arrays, validation that catches a corrupted array, and the checks its call gets before a run.
#include <cmath>
#include <limits>
#include <string>

#include <doctest/doctest.h>

#include "base/platform/machine.hpp"
#include "kernels/memory/memory.hpp"
#include "kernels/memory/stream_arrays.hpp"
#include "tests/kernels/files/files_test_support.hpp"

namespace hwbench::kernels::memory {

using platform::last_level_cache_bytes;

namespace {

Call stream_call(const KernelSpec& spec, const std::string& function,
                 std::vector<std::pair<std::string, ParamValue>> params) {
  return test::make_call(spec, {ArgValue{function, ""}}, std::move(params));
}

std::vector<std::string> problems(const KernelSpec& spec, const Call& call) {
  std::vector<std::string> out;
  for (const auto& p : spec.effects(call, platform::RealFileView{}).problems) out.push_back(p.message + " / " + p.hint);
  return out;
}

}  // namespace

TEST_CASE("stream: one unit is one pass, counted 16/16/24/24 bytes per element (memcpy like copy)") {
  const KernelSpec spec = stream_spec();
  const std::vector<std::pair<std::string, std::uint64_t>> expected = {
      {"copy", 16}, {"scale", 16}, {"add", 24}, {"triad", 24}, {"memcpy", 16}};
  for (const auto& [function, bytes] : expected) {
    const std::string name = function;  // a plain variable: clang 14 cannot capture a binding
    CAPTURE(name);
    const Call call =
        stream_call(spec, function, {{"elements", test::size_value(1000)}, {"threads", test::size_value(2)}});
    const Work one = test::run_kernel(spec, call, Context{});
    CHECK(one.bytes == bytes * 1000);
    CHECK(one.ops == 1);
    const Work three = test::run_kernel(spec, call, Context{}, 3);
    CHECK(three.bytes == 3 * bytes * 1000);
    CHECK(three.ops == 3);
  }
  // `size` is bytes per array, rounded down to whole doubles: 8007 bytes hold 1000 of them.
  const Work sized = test::run_kernel(
      spec, stream_call(spec, "triad", {{"size", test::size_value(8007)}, {"threads", test::size_value(1)}}),
      Context{});
  CHECK(sized.bytes == 24 * 1000);
}

TEST_CASE("stream: the arrays hold STREAM's values after its four kernels, and validate") {
  ThreadTeam team(3, false);
  StreamArrays arrays(1001, team);
  // Initialised a = 1, b = 2, c = 0, then STREAM's timing probe doubles a.
  CHECK(arrays.a()[0] == 2.0);
  CHECK(arrays.b()[1000] == 2.0);
  CHECK(arrays.c()[500] == 0.0);
  arrays.pass(StreamFunction::copy);   // c = a = 2
  arrays.pass(StreamFunction::scale);  // b = 3c = 6
  arrays.pass(StreamFunction::add);    // c = a + b = 8
  arrays.pass(StreamFunction::triad);  // a = b + 3c = 30
  for (std::size_t j : {std::size_t{0}, std::size_t{499}, std::size_t{1000}}) {
    CHECK(arrays.a()[j] == 30.0);
    CHECK(arrays.b()[j] == 6.0);
    CHECK(arrays.c()[j] == 8.0);
  }
  CHECK_NOTHROW(arrays.validate());
  arrays.pass(StreamFunction::memcpy);  // c = a = 30
  CHECK(arrays.c()[777] == 30.0);
  CHECK_NOTHROW(arrays.validate());
}

TEST_CASE("stream: validation catches a corrupted array") {
  ThreadTeam team(2, false);
  StreamArrays arrays(1000, team);
  arrays.pass(StreamFunction::triad);  // a = b + 3c = 2 + 0 = 2
  arrays.pass(StreamFunction::add);    // c = a + b = 4
  arrays.c()[17] = 5.0;                // one element off by 1: AvgAbsErr 1/1000
  CHECK_THROWS_WITH_AS(arrays.validate(),
                       "Failed Validation on array c[], AvgRelAbsErr > epsilon (1.000000e-13): expected value "
                       "4.000000e+00, AvgAbsErr 1.000000e-03, AvgRelAbsErr 2.500000e-04; 1 of 1000 elements differ",
                       KernelError);

  arrays.c()[17] = 4.0;
  CHECK_NOTHROW(arrays.validate());
  // A NaN compares false with everything, so it must not slip through as "not greater than epsilon".
  arrays.a()[0] = std::numeric_limits<double>::quiet_NaN();
  arrays.b()[999] = 2.5;
  CHECK_THROWS_WITH_AS(arrays.validate(),
                       "Failed Validation on array a[], AvgRelAbsErr > epsilon (1.000000e-13): expected value "
                       "2.000000e+00, AvgAbsErr nan, AvgRelAbsErr nan; 1 of 1000 elements differ; "
                       "Failed Validation on array b[], AvgRelAbsErr > epsilon (1.000000e-13): expected value "
                       "2.000000e+00, AvgAbsErr 5.000000e-04, AvgRelAbsErr 2.500000e-04; 1 of 1000 elements differ",
                       KernelError);
}

TEST_CASE("stream: scale alone writes zeros, and a corrupted zero is caught by its absolute error") {
  ThreadTeam team(1, false);
  StreamArrays arrays(100, team);
  arrays.pass(StreamFunction::scale);  // b = 3c = 0
  CHECK_NOTHROW(arrays.validate());
  arrays.b()[3] = 1e-9;
  CHECK_THROWS_AS(arrays.validate(), KernelError);
}

TEST_CASE("stream: its spec follows STREAM's rules") {
  const KernelSpec spec = stream_spec();
  CHECK(spec.family == "memory");
  CHECK(spec.unit == WorkUnit::bytes);
  // NTIMES = 10 when the statement says nothing.
  CHECK(spec.measure.runs_min == 10);
  CHECK(spec.measure.runs_max == 10);
  CHECK(spec.measure.for_seconds == 0);
  CHECK(spec.measure.until_ci_pct == 0);
  // Each array at least four times the last-level caches, and never below STREAM's 10M.
  const std::uint64_t elements = std::stoull(spec.param("elements")->default_text);
  CHECK(elements == default_stream_elements());
  CHECK(elements >= 10'000'000);
  CHECK(elements * 8 >= 4 * last_level_cache_bytes());
  CHECK(spec.param("threads")->default_text == std::to_string(platform::allowed_cpus().size()));
  CHECK(spec.param("affinity")->default_text == "pinned");
}

TEST_CASE("stream: a call is checked before it runs") {
  const KernelSpec spec = stream_spec();
  CHECK(problems(spec, stream_call(spec, "copy", {{"elements", test::size_value(1000)}})).empty());
  CHECK(problems(spec, stream_call(spec, "tried", {})) ==
        std::vector<std::string>{"no function 'tried' / use one of copy, scale, add, triad, memcpy"});
  CHECK(problems(spec,
                 stream_call(spec, "copy", {{"elements", test::size_value(1000)}, {"size", test::size_value(8000)}})) ==
        std::vector<std::string>{"give elements or size, not both / drop one of them"});
  // 2^50 doubles per array (8 PiB): the call says what it holds; the checker compares that with
  // the machine's memory (tests/runtime/check/checker_machine_test.cpp).
  const FileEffects huge =
      spec.effects(stream_call(spec, "add", {{"elements", test::size_value(1ULL << 50)}}), platform::RealFileView{});
  CHECK(huge.problems.empty());
  CHECK(huge.memory == 3 * (std::uint64_t{1} << 50) * sizeof(double));
  CHECK(huge.memory_holder == "the three arrays");
  CHECK(huge.memory_hint == "give a smaller elements or size");
}

}  // namespace hwbench::kernels::memory
