// The interpreter back end: known answers for the language's exact semantics.
#include "kernels/jit/interpreter.hpp"

#include <cmath>
#include <limits>
#include <string>

#include <doctest/doctest.h>

#include "kernels/contract/kernel.hpp"
#include "lang/kernel/kernel_parser.hpp"
#include "lang/kernel/kernel_typecheck.hpp"

namespace hwbench::kernels::jit {
namespace {

namespace kernel = lang::kernel;

/// Parses, checks and instantiates `text` for `binding`.
lang::kernel::KernelDef instantiate(const std::string& text,
                                    std::vector<std::pair<std::string, kernel::KScalar>> binding = {}) {
  lang::Diagnostics diags;
  auto def = lang::kernel::parse_kernel(text, lang::SourceLoc{1, 1, 0}, diags);
  REQUIRE(def.has_value());
  REQUIRE(lang::kernel::validate_kernel(*def, diags));
  auto inst = lang::kernel::instantiate_kernel(*def, binding, diags);
  REQUIRE(inst.has_value());
  return *inst;
}

/// `text` instantiated for `binding` and compiled with the interpreter.
std::unique_ptr<Executable> compile(const std::string& text,
                                    std::vector<std::pair<std::string, kernel::KScalar>> binding = {}) {
  return make_interpreter()->compile(instantiate(text, std::move(binding)), "k.bench", {});
}

Value integer(kernel::KScalar t, std::int64_t v) { return Value{t, v, 0}; }
Value floating(kernel::KScalar t, double v) { return Value{t, 0, v}; }

/// The result of one call.
Value call(const std::string& text, const std::vector<Value>& args = {},
           std::vector<std::pair<std::string, kernel::KScalar>> binding = {}) {
  return compile(text, std::move(binding))->run(1, args).last;
}

std::string runtime_error(const std::string& text, const std::vector<Value>& args = {}) {
  auto exe = compile(text);
  try {
    exe->run(3, args);
  } catch (const KernelError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST_CASE("interpreter: the label, which no compile option changes") {
  CHECK(make_interpreter()->label({}) == "interpreted");
  CHECK(make_interpreter()->label(CompileOptions{.vectorize = false}) == "interpreted");
}

TEST_CASE("interpreter: integer arithmetic wraps in the operation's width") {
  const std::string mul = "kernel k(T: type = i16, a: T) -> T { return a * a }";
  CHECK(call(mul, {integer(kernel::KScalar::i16, 300)}, {{"T", kernel::KScalar::i16}}).i == 24464);   // 90000 - 65536
  CHECK(call(mul, {integer(kernel::KScalar::i16, 200)}, {{"T", kernel::KScalar::i16}}).i == -25536);  // 40000 - 65536
  CHECK(call(mul, {integer(kernel::KScalar::i32, 300)}, {{"T", kernel::KScalar::i32}}).i == 90000);
  CHECK(call(mul, {integer(kernel::KScalar::i32, 65536)}, {{"T", kernel::KScalar::i32}}).i == 0);
  CHECK(call(mul, {integer(kernel::KScalar::i64, 4294967296)}, {{"T", kernel::KScalar::i64}}).i == 0);
  const std::string add = "kernel k(T: type = i16, a: T) -> T { return a + 1 }";
  CHECK(call(add, {integer(kernel::KScalar::i16, 32767)}, {{"T", kernel::KScalar::i16}}).i == -32768);
  CHECK(call(add, {integer(kernel::KScalar::i32, 2147483647)}, {{"T", kernel::KScalar::i32}}).i == -2147483648LL);
  CHECK(call(add, {integer(kernel::KScalar::i64, std::numeric_limits<std::int64_t>::max())},
             {{"T", kernel::KScalar::i64}})
            .i == std::numeric_limits<std::int64_t>::min());
  const std::string neg = "kernel k(T: type = i16, a: T) -> T { return -a }";
  CHECK(call(neg, {integer(kernel::KScalar::i16, -32768)}, {{"T", kernel::KScalar::i16}}).i == -32768);
}

TEST_CASE("interpreter: MIN / -1 is MIN, MIN % -1 is 0, C's truncation and sign") {
  const std::string div = "kernel k(T: type = i16, a: T, b: T) -> T { return a / b }";
  const std::string rem = "kernel k(T: type = i16, a: T, b: T) -> T { return a % b }";
  for (auto [t, min] : {std::pair{kernel::KScalar::i16, std::int64_t{-32768}},
                        std::pair{kernel::KScalar::i32, std::int64_t{-2147483648LL}},
                        std::pair{kernel::KScalar::i64, std::numeric_limits<std::int64_t>::min()}}) {
    CHECK(call(div, {integer(t, min), integer(t, -1)}, {{"T", t}}).i == min);
    CHECK(call(rem, {integer(t, min), integer(t, -1)}, {{"T", t}}).i == 0);
    CHECK(call(div, {integer(t, -7), integer(t, 2)}, {{"T", t}}).i == -3);
    CHECK(call(rem, {integer(t, -7), integer(t, 2)}, {{"T", t}}).i == -1);
    CHECK(call(rem, {integer(t, 7), integer(t, -2)}, {{"T", t}}).i == 1);
  }
}

TEST_CASE("interpreter: integer division by zero is a runtime error naming the operator's place") {
  CHECK(runtime_error("kernel k(a: i32, b: i32) -> i32 {\n  let q: i32 = a / b\n  return q\n}",
                      {integer(kernel::KScalar::i32, 5), integer(kernel::KScalar::i32, 0)}) ==
        "k.bench:2:18: integer division by zero in kernel k");
  CHECK(runtime_error("kernel k(a: i64) -> i64 { return 7 % (a - a) }", {integer(kernel::KScalar::i64, 5)}) ==
        "k.bench:1:36: integer division by zero in kernel k");
  // Float division by zero is IEEE 754's infinity.
  CHECK(std::isinf(call("kernel k(a: f64) -> f64 { return 1.0 / (a - a) }", {floating(kernel::KScalar::f64, 2)}).f));
}

TEST_CASE("interpreter: f32 rounds after every operation, f64 keeps its precision") {
  const std::string sum = "kernel k(T: type = f32) -> T { let x: T = 16777216; return x + 1 }";
  CHECK(call(sum, {}, {{"T", kernel::KScalar::f32}}).f == 16777216.0);
  CHECK(call(sum, {}, {{"T", kernel::KScalar::f64}}).f == 16777217.0);
  const std::string tenth = "kernel k(T: type = f32) -> T { return 0.1 + 0.2 }";
  CHECK(call(tenth, {}, {{"T", kernel::KScalar::f32}}).f == static_cast<double>(0.1f + 0.2f));
  CHECK(call(tenth, {}, {{"T", kernel::KScalar::f32}}).f == 0.300000011920928955078125);
  CHECK(call(tenth, {}, {{"T", kernel::KScalar::f64}}).f == 0.1 + 0.2);
  // (1 + 2^-24) - 1 in f32: the sum already rounded to 1.
  CHECK(call("kernel k() -> f32 { let e: f32 = 0.000000059604644775390625; return (1 + e) - 1 }").f == 0.0);
  CHECK(call("kernel k() -> f64 { let e: f64 = 0.000000059604644775390625; return (1 + e) - 1 }").f ==
        0.000000059604644775390625);
  CHECK(call("kernel k() -> f64 { return 7.5 % 2 }").f == 1.5);
}

TEST_CASE("interpreter: conversions truncate, saturate and round") {
  CHECK(call("kernel k() -> i16 { return i16(1e9) }").i == 32767);
  CHECK(call("kernel k() -> i16 { return i16(-1e9) }").i == -32768);
  CHECK(call("kernel k() -> i32 { return i32(-2.7) }").i == -2);
  CHECK(call("kernel k() -> i64 { return i64(1e300) }").i == std::numeric_limits<std::int64_t>::max());
  CHECK(call("kernel k() -> i64 { return i64(-1e300) }").i == std::numeric_limits<std::int64_t>::min());
  CHECK(call("kernel k(z: f64) -> i32 { return i32(z / z) }", {floating(kernel::KScalar::f64, 0)}).i == 0);  // NaN
  CHECK(call("kernel k() -> i16 { return i16(70000) }").i == 4464);
  CHECK(call("kernel k() -> i16 { let big: i32 = 70000; return i16(big) }").i == 4464);
  CHECK(call("kernel k() -> f32 { return f32(16777217) }").f == 16777216.0);
  // Straight from the integer, no double rounding: 2^62 + 2^38 + 1 rounds up in f32.
  CHECK(call("kernel k() -> f32 { let v: i64 = 4611686293305294849; return f32(v) }").f ==
        static_cast<double>(static_cast<float>(4611686293305294849LL)));
  CHECK(call("kernel k() -> f32 { return f32(0.1) }").f == static_cast<double>(0.1f));
}

TEST_CASE("interpreter: nested loops, if/else chains, arrays") {
  CHECK(call("kernel k(n: i32) -> i64 {\n let s: i64 = 0\n for i in 0..n { for j in 0..i { s = s + 1 } }\n return s\n}",
             {integer(kernel::KScalar::i32, 10)})
            .i == 45);
  CHECK(call("kernel k() -> i32 { let s: i32 = 0; for i in 5..2 { s = s + 1 }; return s }").i == 0);
  const std::string classify =
      "kernel k(x: i32) -> i32 {\n"
      "  if x < 0 { return -1 } else if x == 0 { return 0 } else if x < 10 { return 1 } else { return 2 }\n"
      "}";
  CHECK(call(classify, {integer(kernel::KScalar::i32, -5)}).i == -1);
  CHECK(call(classify, {integer(kernel::KScalar::i32, 0)}).i == 0);
  CHECK(call(classify, {integer(kernel::KScalar::i32, 9)}).i == 1);
  CHECK(call(classify, {integer(kernel::KScalar::i32, 10)}).i == 2);
  const std::string squares =
      "kernel k(n: i64) -> f64 {\n"
      "  let a: [f64; 8]\n"
      "  for i in 0..8 { a[i] = f64(i * i) }\n"
      "  let s: f64 = 0\n"
      "  for i in 0..n { s = s + a[i] }\n"
      "  return s\n"
      "}";
  CHECK(call(squares, {integer(kernel::KScalar::i64, 8)}).f == 140.0);
  CHECK(runtime_error(squares, {integer(kernel::KScalar::i64, 9)}) == "k.bench:5:29: index out of bounds in kernel k");
  CHECK(runtime_error("kernel k() -> i16 { let a: [i16; 2]\n a[-1] = 3; return a[0] }") ==
        "k.bench:2:4: index out of bounds in kernel k");
  // Arrays and plain lets start at zero on every call, and a short-circuit skips the division.
  const auto exe = compile(
      "kernel k(d: i32) -> i32 {\n let a: [i32; 2]\n let c: i32\n a[0] = a[0] + 1\n c = c + 1\n"
      " if d != 0 && 10 / d > 1 { return 100 }\n return a[0] + c\n}");
  const RunResult r = exe->run(5, {integer(kernel::KScalar::i32, 0)});
  CHECK(r.last.i == 2);
  CHECK(r.sink == 10.0);
  CHECK(exe->run(1, {integer(kernel::KScalar::i32, 3)}).last.i == 100);
}

TEST_CASE("interpreter: a definition without a result type (which the type checker refuses) is a KernelError") {
  lang::kernel::KernelDef def = instantiate("kernel k(n: i32) -> i32 { let x: i32 = n * 2; return x }");
  def.result.reset();
  CHECK_THROWS_WITH_AS(make_interpreter()->compile(def, "k.bench", {}),
                       "kernel k: the interpreter cannot run a kernel without a result type (the definition was not "
                       "type-checked)",
                       KernelError);
}

// UnixBench's arith.c loop as the built-in `arith` kernel computes it (kernels/system/cpu/arith.cpp).
template <typename T>
T unixbench_arith(int first) {
  T x = 0, y = 0, z = 0;
  for (int i = first; i < first + 100; ++i) {
    x = static_cast<T>(i);
    y = static_cast<T>(x * x);
    z = static_cast<T>(z + y / static_cast<T>(y - 1));
  }
  return static_cast<T>(x + y + z);
}

TEST_CASE("interpreter: the recipe's arith kernel computes what the built-in one does, in every type") {
  const std::string arith =
      "kernel arith_k(type: type = i32, first: i32 = 2) -> type {\n"
      "  let x: type = 0\n  let y: type = 0\n  let z: type = 0\n"
      "  for i in first..first + 100 {\n    x = type(i)\n    y = x * x\n    z = z + y / (y - 1)\n  }\n"
      "  return x + y + z\n"
      "}";
  // From 182 on, x * x overflows short: both wrap it the same way.
  for (int first : {2, 3, 200}) {
    const std::vector<Value> args = {integer(kernel::KScalar::i32, first)};
    CHECK(call(arith, args, {{"type", kernel::KScalar::i16}}).i == unixbench_arith<short>(first));
    CHECK(call(arith, args, {{"type", kernel::KScalar::i32}}).i == unixbench_arith<int>(first));
    CHECK(call(arith, args, {{"type", kernel::KScalar::i64}}).i == unixbench_arith<long>(first));
    CHECK(call(arith, args, {{"type", kernel::KScalar::f32}}).f == static_cast<double>(unixbench_arith<float>(first)));
    CHECK(call(arith, args, {{"type", kernel::KScalar::f64}}).f == unixbench_arith<double>(first));
  }
}

}  // namespace
}  // namespace hwbench::kernels::jit
