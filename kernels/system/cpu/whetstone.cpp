// `whetstone-double`: the Whetstone modules, written from the benchmark's published definition.
// One unit of work is one pass; run(n) performs a complete Whetstone run of n passes (each
// module n times over, as the original's outer pass loop does), so a sample of any length is a
// real Whetstone run. A pass is rated 10 million Whetstone instructions, so ops/s / 10^6 is
// the MWIPS figure UnixBench prints (report unit MWIPS).
#include "kernels/system/cpu/whetstone.hpp"

#include <cmath>

#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"

// UnixBench builds whets.c with -O3 -ffast-math -march=native, and its MWIPS figure depends on
// both. This file is compiled with -ffast-math (CMakeLists.txt) and the modules are written as the
// program writes them, so the compiler may take the same liberties: module 8's
// sqrt(exp(log(x) / t1)) becomes exp(log(x) * (0.5 / t1)), one dependent sqrtsd fewer per
// iteration. A `#pragma GCC optimize("fast-math")` did not (module 8 kept its sqrt and took
// 25% longer than UnixBench's, 4% of the whole MWIPS; bench/unixbench_cpu_side.sh). The results
// move in the last digits only (the checksums in the tests allow for it).
//
// -march=native gives whets.c fused multiply-adds where the CPU has them; module 6's dependent
// chain is one operation shorter with them. On x86-64, run() is compiled twice, for x86-64-v3
// (FMA, AVX2) and for the baseline, and the loader picks the one this CPU can run, as
// -march=native would have chosen. gcc only: gcc names the dispatcher as the function itself,
// where clang 14 wants the attribute on every declaration (the header's too) or the callers in
// other files find no symbol. A clang build (the tests' sanitizer build) compiles run() once.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define HWBENCH_WHETSTONE_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define HWBENCH_WHETSTONE_CLONES
#endif

namespace hwbench::kernels::system {

namespace {

constexpr double t_start = 0.49999975;
constexpr double t1 = 0.50000025;
constexpr double t2 = 2.0;

// The four-element transformation of modules 1 and 2: module 1 multiplies the last element by
// t, module 2 divides it by t2.
template <bool divide_last>
void transform(double e[4], double t) {
  e[0] = (e[0] + e[1] + e[2] - e[3]) * t;
  e[1] = (e[0] + e[1] - e[2] + e[3]) * t;
  e[2] = (e[0] - e[1] + e[2] + e[3]) * t;
  const double last = -e[0] + e[1] + e[2] + e[3];
  e[3] = divide_last ? last / t2 : last * t;
}

// Module 2's procedure: the transformation six times over an array parameter.
void array_parameter(double e[4], double t) {
  for (int i = 0; i < 6; ++i) transform<true>(e, t);
}

// Module 6's procedure, with its results passed back through pointers.
void three_parameters(double* x, double* y, double* z, double t) {
  *x = *y;
  *y = *z;
  *x = t * (*x + *y);
  *y = t1 * (*x + *y);
  *z = (*x + *y) / t2;
}

// Module 7's procedure: three assignments through computed indices.
void permute(double e[4], int j, int k, int l) {
  e[j] = e[k];
  e[k] = e[l];
  e[l] = e[j];
}

}  // namespace

HWBENCH_WHETSTONE_CLONES WhetstoneResults Whetstone::run(std::uint64_t passes, const Context& context) const {
  const std::uint64_t m = multiplier_;
  WhetstoneResults out{};
  double t = t_start;
  double e[4] = {1.0, -1.0, -1.0, -1.0};

  // Modules 1, 2 and 5 alternate t between 0.49999975 and 0.50000025 from pass to pass.
  for (std::uint64_t pass = 0; pass < passes; ++pass, t = 1.0 - t) {
    for (std::uint64_t i = 0; i < 12 * m; ++i) transform<false>(e, t);
    // The original runs module 1 ten times longer (for its MFLOPS figure) and rates a tenth of
    // its time; the other nine tenths are left out of the sample here.
    untimed(context, [&] {
      for (std::uint64_t i = 0; i < 9 * 12 * m; ++i) transform<false>(e, t);
    });
  }
  t = t_start;
  out[0] = e[3];

  for (std::uint64_t pass = 0; pass < passes; ++pass, t = 1.0 - t)
    for (std::uint64_t i = 0; i < 14 * m; ++i) array_parameter(e, t);
  t = t_start;
  out[1] = e[3];

  int j = 1;
  for (std::uint64_t pass = 0; pass < passes; ++pass) {
    for (std::uint64_t i = 0; i < 345 * m; ++i) {
      j = j == 1 ? 2 : 3;
      j = j > 2 ? 0 : 1;
      j = j < 1 ? 1 : 0;
    }
  }
  out[2] = j;

  j = 1;
  int k = 2;
  int l = 3;
  for (std::uint64_t pass = 0; pass < passes; ++pass) {
    for (std::uint64_t i = 0; i < 210 * m; ++i) {
      j = j * (k - j) * (l - k);
      k = l * k - (l - j) * k;
      l = (l - k) * (k + j);
      e[l - 2] = j + k + l;
      e[k - 2] = j * k * l;
    }
  }
  out[3] = e[0] + e[1];

  double x = 0.5;
  double y = 0.5;
  for (std::uint64_t pass = 0; pass < passes; ++pass, t = 1.0 - t) {
    // The original's loop starts at 1 here: 32 × multiplier - 1 iterations.
    for (std::uint64_t i = 1; i < 32 * m; ++i) {
      x = t * std::atan(t2 * std::sin(x) * std::cos(x) / (std::cos(x + y) + std::cos(x - y) - 1.0));
      y = t * std::atan(t2 * std::sin(y) * std::cos(y) / (std::cos(x + y) + std::cos(x - y) - 1.0));
    }
  }
  t = t_start;
  out[4] = y;

  x = 1.0;
  y = 1.0;
  double z = 1.0;
  for (std::uint64_t pass = 0; pass < passes; ++pass)
    for (std::uint64_t i = 0; i < 899 * m; ++i) three_parameters(&x, &y, &z, t);
  out[5] = z;

  e[0] = 1.0;
  e[1] = 2.0;
  e[2] = 3.0;
  for (std::uint64_t pass = 0; pass < passes; ++pass)
    for (std::uint64_t i = 0; i < 616 * m; ++i) permute(e, 0, 1, 2);
  out[6] = e[2];

  x = 0.75;
  for (std::uint64_t pass = 0; pass < passes; ++pass)
    for (std::uint64_t i = 0; i < 93 * m; ++i) x = std::sqrt(std::exp(std::log(x) / t1));
  out[7] = x;
  return out;
}

namespace {

class WhetstoneKernel : public Kernel {
 public:
  explicit WhetstoneKernel(const Context& context) : context_(context) {}

  Work run(std::uint64_t n) override {
    const WhetstoneResults r = whetstone_.run(n, context_);
    double sum = 0;
    for (double v : r) sum += v;
    keep(sum);
    return {0, n * whetstone_instructions_per_pass};
  }

 private:
  Whetstone whetstone_;
  Context context_;
};

}  // namespace

KernelSpec whetstone_spec() {
  KernelSpec spec = unixbench_spec(
      "whetstone-double",
      "double-precision Whetstone; one unit is one pass of its eight modules, counted as 10 million "
      "Whetstone instructions (report MWIPS)",
      "UnixBench whetstone-double: Double-Precision Whetstone (Curnow and Wichmann, 1976)", "whetstone-double", 10);
  spec.one_thread = true;
  spec.make = [](const Call&, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<WhetstoneKernel>(context);
  };
  return spec;
}

}  // namespace hwbench::kernels::system
