// `arith type T` and `arithoh`: UnixBench 4's arithmetic tests. One unit is one call of a
// function whose loop runs x over 2..101 computing y = x*x and z += y/(y-1) in the type T (100
// multiplications, subtractions, divisions and additions); arithoh is the same loop and call
// without the arithmetic, UnixBench's measure of their overhead. The functions are compiled
// as if alone (noipa), and their start value comes from memory, so no compiler can fold them
// into a constant or drop a call whose result is kept.
#include <cstdint>

#include <fmt/format.h>

#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"

namespace hwbench::kernels::system {

namespace {

volatile int g_first = 2;

template <typename T>
HWBENCH_NOIPA T arithmetic(int first) {
  T x = 0;
  T y = 0;
  T z = 0;
  for (int i = first; i < first + 100; ++i) {
    x = static_cast<T>(i);
    y = static_cast<T>(x * x);
    z = static_cast<T>(z + y / static_cast<T>(y - 1));
  }
  return static_cast<T>(x + y + z);
}

HWBENCH_NOIPA int overhead(int first) {
  int x = 0;
  for (int i = first; i < first + 100; ++i) {
    x = i;
    // An empty statement the compiler must keep: the loop runs, but does nothing else.
    asm volatile("" : "+r"(x));
  }
  return x;
}

template <typename T>
class ArithKernel : public Kernel {
 public:
  Work run(std::uint64_t n) override {
    const int first = g_first;
    double sum = 0;
    for (std::uint64_t i = 0; i < n; ++i) sum += static_cast<double>(arithmetic<T>(first));
    keep(sum);
    return {0, n};
  }
};

class ArithohKernel : public Kernel {
 public:
  Work run(std::uint64_t n) override {
    const int first = g_first;
    std::uint64_t sum = 0;
    for (std::uint64_t i = 0; i < n; ++i) sum += static_cast<std::uint64_t>(overhead(first));
    keep(sum);
    return {0, n};
  }
};

}  // namespace

KernelSpec arith_spec() {
  KernelSpec spec = unixbench_spec(
      "arith", "UnixBench 4's arithmetic test in a C type; one unit is one call doing 100 each of *, -, / and +",
      "UnixBench 4.1 Arithmetic Test (type = short/int/long/float/double), arith.c",
      "arith type short|int|long|float|double", 10);
  ParamSpec type;
  type.name = "type";
  type.type = ParamType::choice;
  type.choices = {"short", "int", "long", "float", "double"};
  type.help = "the C type the arithmetic is done in";
  spec.params = {type};
  spec.one_thread = true;
  spec.make = [](const Call& call, const Context&) -> std::unique_ptr<Kernel> {
    const std::string& t = call.text("type");
    if (t == "short") return std::make_unique<ArithKernel<short>>();
    if (t == "int") return std::make_unique<ArithKernel<int>>();
    if (t == "long") return std::make_unique<ArithKernel<long>>();
    if (t == "float") return std::make_unique<ArithKernel<float>>();
    if (t == "double") return std::make_unique<ArithKernel<double>>();
    throw KernelError(fmt::format("arith: unknown type '{}'", t));
  };
  return spec;
}

KernelSpec arithoh_spec() {
  KernelSpec spec =
      unixbench_spec("arithoh", "the arithmetic test's loop and call without the arithmetic; one unit is one call",
                     "UnixBench 4.1 Arithoh (arith.c built with -Darithoh)", "arithoh", 10);
  spec.one_thread = true;
  spec.make = [](const Call&, const Context&) -> std::unique_ptr<Kernel> { return std::make_unique<ArithohKernel>(); };
  return spec;
}

}  // namespace hwbench::kernels::system
