// Whetstone: each module's result for a given number of passes. For one pass the figures are
// the double-precision results Roy Longbottom's listing publishes for one pass of the outer
// loop (N1 -1.12398255667391900, N2 -1.12187079889284400, N5 0.49902937281515140, N6
// 0.99999987890802820, N8 0.75100163018457870, printed to about 15 digits); for two and three
// passes they come from a separate transcription of the module definitions in Python (IEEE
// doubles, the same libm), not from this implementation. The listing was printed by another
// compiler and libm, so figures agree to 12 digits, not to the last bit.
#include "kernels/system/cpu/whetstone.hpp"

#include <doctest/doctest.h>

#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"
#include "tests/kernels/files/files_test_support.hpp"

namespace hwbench::kernels {

namespace {

void check_results(const system::WhetstoneResults& got, const system::WhetstoneResults& want) {
  for (std::size_t m = 0; m < want.size(); ++m) {
    CAPTURE(m + 1);
    CHECK(got[m] == doctest::Approx(want[m]).epsilon(1e-12));
  }
}

}  // namespace

TEST_CASE("whetstone: one pass of the modules") {
  check_results(system::Whetstone().run(1), {-1.12398255667391900, -1.12187079889284400, 1.0, 12.0, 0.49902937281515140,
                                             0.99999987890802820, 3.0, 0.75100163018457870});
}

TEST_CASE("whetstone: two and three passes (t alternates from pass to pass)") {
  check_results(system::Whetstone().run(2), {-1.133333342649165, -1.1333333013059903, 1.0, 12.0, 0.5000000591691149,
                                             0.9999998689271248, 3.0, 0.7519999419890785});
  check_results(system::Whetstone().run(3), {-1.1239825526856013, -1.1218707938749395, 1.0, 12.0, 0.4990293723767793,
                                             0.9999998589462215, 3.0, 0.7529949402609045});
}

TEST_CASE("whetstone: nine tenths of module 1 run outside the sample's time, once a pass") {
  int excluded = 0;
  Context context;
  context.exclude = [&](const std::function<void()>& fn) {
    ++excluded;
    fn();
  };
  // The same arithmetic whether or not a timer is leaving part of it out.
  check_results(system::Whetstone().run(3, context), system::Whetstone().run(3));
  CHECK(excluded == 3);
}

TEST_CASE("whetstone: a pass counts 10 million Whetstone instructions, so MWIPS is ops/s / 10^6") {
  const KernelSpec spec = system::whetstone_spec();
  CHECK(spec.name == "whetstone-double");
  CHECK(spec.measure.for_seconds == 10);
  const Work w = test::run_kernel(spec, test::make_call(spec, {}), Context{}, 3);
  CHECK(w.ops == 30'000'000);
}

}  // namespace hwbench::kernels
