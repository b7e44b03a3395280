// The LLVM back end: without LLVM make_llvm_jit() is nullptr; with it, every kernel below runs on
// the JIT and on the interpreter, which must agree bit for bit (results, sums and error
// messages), and both must give the known answers.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "kernels/jit/backend.hpp"

#if HWBENCH_WITH_LLVM
#include <fcntl.h>
#include <unistd.h>

#include "kernels/contract/kernel.hpp"
#include "lang/common/diagnostics.hpp"
#include "lang/kernel/kernel_parser.hpp"
#include "lang/kernel/kernel_typecheck.hpp"
#include "tests/support/temp_dir.hpp"
#endif

namespace hwbench::kernels::jit {

#if HWBENCH_WITH_LLVM
constexpr bool built_with_llvm = true;
#else
constexpr bool built_with_llvm = false;
#endif

TEST_CASE("llvm jit: present exactly in a build with LLVM that HWBENCH_NO_JIT does not switch off") {
  CHECK((make_llvm_jit() != nullptr) == (built_with_llvm && !jit_switched_off()));
}

TEST_CASE("llvm jit: HWBENCH_NO_JIT=1 switches the back end off, 0 or empty leaves it as built") {
  const char* before = std::getenv("HWBENCH_NO_JIT");
  const std::string saved = before ? before : "";
  ::setenv("HWBENCH_NO_JIT", "1", 1);
  CHECK(jit_switched_off());
  CHECK(make_llvm_jit() == nullptr);
  for (const char* off : {"0", ""}) {
    ::setenv("HWBENCH_NO_JIT", off, 1);
    CHECK_FALSE(jit_switched_off());
    CHECK((make_llvm_jit() != nullptr) == built_with_llvm);
  }
  if (before)
    ::setenv("HWBENCH_NO_JIT", saved.c_str(), 1);
  else
    ::unsetenv("HWBENCH_NO_JIT");
}

#if HWBENCH_WITH_LLVM

namespace {

namespace kernel = lang::kernel;

/// The instantiation of the definition `text` (the first line of the file t.bench) for `type`
/// bound to its type parameter `T` (when it has one).
lang::kernel::KernelDef jit_instantiate(const std::string& text,
                                        std::vector<std::pair<std::string, kernel::KScalar>> binding = {}) {
  lang::Diagnostics diags;
  std::optional<lang::kernel::KernelDef> def = lang::kernel::parse_kernel(text, lang::SourceLoc{1, 1, 0}, diags);
  REQUIRE_MESSAGE(def.has_value(), text);
  std::optional<lang::kernel::KernelDef> inst = lang::kernel::instantiate_kernel(*def, binding, diags);
  for (const lang::Diagnostic& d : diags.all()) MESSAGE(d.loc.line, ":", d.loc.column, ": ", d.message);
  REQUIRE(inst.has_value());
  return *inst;
}

Value jit_integer(kernel::KScalar t, std::int64_t v) { return Value{t, v, 0}; }
Value real(kernel::KScalar t, double v) { return Value{t, 0, v}; }

/// Both back ends, compiled once for one instantiation (the JIT with `options`).
struct Both {
  std::unique_ptr<Executable> jit;
  std::unique_ptr<Executable> interpreted;

  explicit Both(const lang::kernel::KernelDef& def, const CompileOptions& options = {})
      : jit(make_llvm_jit()->compile(def, "t.bench", options)),
        interpreted(make_interpreter()->compile(def, "t.bench", {})) {}

  /// Runs both with the same arguments and checks that they agree bit for bit; the JIT's result.
  RunResult run(std::uint64_t n, const std::vector<Value>& args) {
    const RunResult j = jit->run(n, args);
    const RunResult i = interpreted->run(n, args);
    CHECK(j.last.type == i.last.type);
    CHECK(j.last.i == i.last.i);
    CHECK(std::bit_cast<std::uint64_t>(j.last.f) == std::bit_cast<std::uint64_t>(i.last.f));
    CHECK(std::bit_cast<std::uint64_t>(j.sink) == std::bit_cast<std::uint64_t>(i.sink));
    return j;
  }

  /// The message of the KernelError both back ends throw (the same, or the test fails).
  std::string error(std::uint64_t n, const std::vector<Value>& args) {
    std::string from_jit = "(no error)";
    std::string from_interpreter = "(no error)";
    try {
      jit->run(n, args);
    } catch (const KernelError& e) {
      from_jit = e.what();
    }
    try {
      interpreted->run(n, args);
    } catch (const KernelError& e) {
      from_interpreter = e.what();
    }
    CHECK(from_jit == from_interpreter);
    return from_jit;
  }
};

std::uint64_t bits(double v) { return std::bit_cast<std::uint64_t>(v); }

// One kernel for the four integer operations, chosen at run time (so that if/else is exercised
// and nothing is known when it compiles).
const char* kOps =
    "kernel ops(T: type, a: T, b: T, op: i32) -> T {"
    " if op == 0 { return a + b } else if op == 1 { return a - b } else if op == 2 { return a * b }"
    " else if op == 3 { return a / b } else { return a % b } }";

std::int64_t apply(Both& k, kernel::KScalar t, std::int64_t a, std::int64_t b, int op) {
  return k.run(1, {jit_integer(t, a), jit_integer(t, b), jit_integer(kernel::KScalar::i32, op)}).last.i;
}

}  // namespace

TEST_CASE("llvm jit: label names LLVM's major version, and says when the JIT does not vectorise") {
  const std::string label = make_llvm_jit()->label({});
  REQUIRE(label.rfind("jit O2, LLVM ", 0) == 0);
  CHECK(std::stoi(label.substr(13)) >= 14);
  CHECK(make_llvm_jit()->label(CompileOptions{.vectorize = false}) ==
        "jit O2 without vectorising, LLVM " + label.substr(13));
}

TEST_CASE("llvm jit: integer arithmetic wraps in i16, i32 and i64") {
  Both i16(jit_instantiate(kOps, {{"T", kernel::KScalar::i16}}));
  CHECK(apply(i16, kernel::KScalar::i16, 32767, 1, 0) == -32768);
  CHECK(apply(i16, kernel::KScalar::i16, -32768, 1, 1) == 32767);
  CHECK(apply(i16, kernel::KScalar::i16, 300, 300, 2) == 24464);  // 90000 - 65536
  CHECK(apply(i16, kernel::KScalar::i16, -32768, -1, 2) == -32768);

  Both i32(jit_instantiate(kOps, {{"T", kernel::KScalar::i32}}));
  CHECK(apply(i32, kernel::KScalar::i32, 2147483647, 1, 0) == -2147483648LL);
  CHECK(apply(i32, kernel::KScalar::i32, 65536, 65536, 2) == 0);
  CHECK(apply(i32, kernel::KScalar::i32, 46341, 46341, 2) == -2147479015LL);  // 2147488281 - 2^32

  Both i64(jit_instantiate(kOps, {{"T", kernel::KScalar::i64}}));
  constexpr std::int64_t max = std::numeric_limits<std::int64_t>::max();
  constexpr std::int64_t min = std::numeric_limits<std::int64_t>::min();
  CHECK(apply(i64, kernel::KScalar::i64, max, 1, 0) == min);
  CHECK(apply(i64, kernel::KScalar::i64, min, 1, 1) == max);
  CHECK(apply(i64, kernel::KScalar::i64, 4294967296LL, 4294967296LL, 2) == 0);
  CHECK(apply(i64, kernel::KScalar::i64, 3037000500LL, 3037000500LL, 2) == -9223372036709301616LL);
}

TEST_CASE("llvm jit: division truncates toward zero, MIN / -1 is MIN and MIN % -1 is 0") {
  for (const auto& [t, min] : {std::pair{kernel::KScalar::i16, std::int64_t{-32768}},
                               std::pair{kernel::KScalar::i32, std::int64_t{-2147483648LL}},
                               std::pair{kernel::KScalar::i64, std::numeric_limits<std::int64_t>::min()}}) {
    const std::string type = lang::kernel::scalar_name(t);  // a plain variable: clang 14 cannot capture a binding
    CAPTURE(type);
    Both k(jit_instantiate(kOps, {{"T", t}}));
    CHECK(apply(k, t, 7, -2, 3) == -3);
    CHECK(apply(k, t, -7, 2, 3) == -3);
    CHECK(apply(k, t, -7, 2, 4) == -1);
    CHECK(apply(k, t, 7, -2, 4) == 1);
    CHECK(apply(k, t, 9, -1, 3) == -9);
    CHECK(apply(k, t, min, -1, 3) == min);
    CHECK(apply(k, t, min, -1, 4) == 0);
    CHECK(apply(k, t, min, 1, 3) == min);
    CHECK(apply(k, t, min, 2, 3) == min / 2);
  }
}

TEST_CASE("llvm jit: integer division by zero is the same runtime error in both back ends") {
  Both k(jit_instantiate(kOps, {{"T", kernel::KScalar::i32}}));
  CHECK(k.error(3, {jit_integer(kernel::KScalar::i32, 5), jit_integer(kernel::KScalar::i32, 0),
                    jit_integer(kernel::KScalar::i32, 3)}) == "t.bench:1:170: integer division by zero in kernel ops");
  CHECK(k.error(1, {jit_integer(kernel::KScalar::i32, 5), jit_integer(kernel::KScalar::i32, 0),
                    jit_integer(kernel::KScalar::i32, 4)}) == "t.bench:1:192: integer division by zero in kernel ops");

  // The first failing call ends the run: here the fourth division of the loop.
  Both loop(
      jit_instantiate("kernel steps(n: i64) -> i64 {\n"
                      "  let s: i64 = 0\n"
                      "  for k in 0..n { s = s + 100 / (k - 3) }\n"
                      "  return s\n"
                      "}"));
  CHECK(loop.run(5, {jit_integer(kernel::KScalar::i64, 3)}).sink == 5 * (-33 - 50 - 100));
  CHECK(loop.error(5, {jit_integer(kernel::KScalar::i64, 4)}) ==
        "t.bench:3:31: integer division by zero in kernel steps");
}

TEST_CASE("llvm jit: && and || evaluate their right operand only when needed") {
  Both k(
      jit_instantiate("kernel guard(x: i32, d: i32) -> i32 {"
                      " if d != 0 && x / d > 1 { return 1 };"
                      " if d == 0 || x % d == 0 { return 2 };"
                      " return 3 }"));
  CHECK(k.run(1, {jit_integer(kernel::KScalar::i32, 10), jit_integer(kernel::KScalar::i32, 0)}).last.i == 2);
  CHECK(k.run(1, {jit_integer(kernel::KScalar::i32, 10), jit_integer(kernel::KScalar::i32, 4)}).last.i == 1);
  CHECK(k.run(1, {jit_integer(kernel::KScalar::i32, 9), jit_integer(kernel::KScalar::i32, 9)}).last.i == 2);
  CHECK(k.run(1, {jit_integer(kernel::KScalar::i32, 1), jit_integer(kernel::KScalar::i32, 2)}).last.i == 3);
}

TEST_CASE("llvm jit: f32 rounds every operation to f32, f64 to f64, and nothing is fused") {
  const char* tenths = "kernel tenths(T: type) -> T { let s: T = 0; for k in 0..10 { s = s + 0.1 }; return s }";
  Both f32(jit_instantiate(tenths, {{"T", kernel::KScalar::f32}}));
  Both f64(jit_instantiate(tenths, {{"T", kernel::KScalar::f64}}));
  CHECK(bits(f32.run(1, {}).last.f) == bits(static_cast<double>(1.00000011920928955078125f)));
  CHECK(bits(f64.run(1, {}).last.f) == bits(0.9999999999999999));
  // The sink adds each call's result as a double, in call order.
  CHECK(bits(f32.run(3, {}).sink) == bits(3.00000035762786865234375));

  const char* third = "kernel third(T: type, x: T) -> T { return x / 3 }";
  CHECK(
      bits(
          Both(jit_instantiate(third, {{"T", kernel::KScalar::f32}})).run(1, {real(kernel::KScalar::f32, 1)}).last.f) ==
      bits(static_cast<double>(1.0f / 3.0f)));
  CHECK(
      bits(
          Both(jit_instantiate(third, {{"T", kernel::KScalar::f64}})).run(1, {real(kernel::KScalar::f64, 1)}).last.f) ==
      bits(1.0 / 3.0));

  // x*x - y with x = 1 + 2^-30 and y = 1 + 2^-29: 0 when x*x is rounded first, 2^-60 when a
  // fused multiply-add keeps it exact.
  Both fused(jit_instantiate("kernel probe(x: f64, y: f64) -> f64 { return x * x - y }"));
  CHECK(fused
            .run(1, {real(kernel::KScalar::f64, 1 + std::ldexp(1.0, -30)),
                     real(kernel::KScalar::f64, 1 + std::ldexp(1.0, -29))})
            .last.f == 0.0);

  // A float % is C's fmod; a float division by zero is an infinity, not an error.
  Both rem(jit_instantiate("kernel rem(x: f64, y: f64) -> f64 { return x % y + 1 / (y - y) }"));
  CHECK(std::isinf(rem.run(1, {real(kernel::KScalar::f64, -7.5), real(kernel::KScalar::f64, 2)}).last.f));
  Both fm(jit_instantiate("kernel fm(x: f32, y: f32) -> f32 { return x % y }"));
  CHECK(fm.run(1, {real(kernel::KScalar::f32, -7.5), real(kernel::KScalar::f32, 2)}).last.f == -1.5);
}

TEST_CASE("llvm jit: float to integer casts truncate and saturate, NaN gives 0") {
  Both i32(jit_instantiate("kernel cast32(x: f64) -> i32 { return i32(x) }"));
  CHECK(i32.run(1, {real(kernel::KScalar::f64, 2.9)}).last.i == 2);
  CHECK(i32.run(1, {real(kernel::KScalar::f64, -2.9)}).last.i == -2);
  CHECK(i32.run(1, {real(kernel::KScalar::f64, 1e10)}).last.i == 2147483647);
  CHECK(i32.run(1, {real(kernel::KScalar::f64, -1e10)}).last.i == -2147483648LL);
  CHECK(i32.run(1, {real(kernel::KScalar::f64, std::numeric_limits<double>::infinity())}).last.i == 2147483647);
  CHECK(i32.run(1, {real(kernel::KScalar::f64, std::numeric_limits<double>::quiet_NaN())}).last.i == 0);

  Both i16(jit_instantiate("kernel cast16(x: f32) -> i16 { return i16(x) }"));
  CHECK(i16.run(1, {real(kernel::KScalar::f32, 40000.5)}).last.i == 32767);
  CHECK(i16.run(1, {real(kernel::KScalar::f32, -40000.5)}).last.i == -32768);
  CHECK(i16.run(1, {real(kernel::KScalar::f32, -32768.75)}).last.i == -32768);

  Both i64(jit_instantiate("kernel cast64(x: f64) -> i64 { return i64(x) }"));
  CHECK(i64.run(1, {real(kernel::KScalar::f64, 1e19)}).last.i == std::numeric_limits<std::int64_t>::max());
  CHECK(i64.run(1, {real(kernel::KScalar::f64, -1e19)}).last.i == std::numeric_limits<std::int64_t>::min());
  CHECK(i64.run(1, {real(kernel::KScalar::f64, 9007199254740993.0)}).last.i == 9007199254740992LL);

  // Integer to narrower integer truncates; i64 to f32 rounds once, to nearest.
  Both narrow(jit_instantiate("kernel narrow(x: i32) -> i16 { return i16(x) }"));
  CHECK(narrow.run(1, {jit_integer(kernel::KScalar::i32, 70000)}).last.i == 4464);
  CHECK(narrow.run(1, {jit_integer(kernel::KScalar::i32, -32769)}).last.i == 32767);
  Both to_f32(jit_instantiate("kernel tof(x: i64) -> f32 { return f32(x) }"));
  CHECK(to_f32.run(1, {jit_integer(kernel::KScalar::i64, 16777217)}).last.f == 16777216.0);
  CHECK(to_f32.run(1, {jit_integer(kernel::KScalar::i64, (1LL << 60) + (1LL << 36) + 1)}).last.f ==
        std::ldexp(1.0, 60) + std::ldexp(1.0, 37));
}

TEST_CASE("llvm jit: arrays start at zero on every call and are bounds checked") {
  const char* sieve =
      "kernel sieve(n: i32) -> i32 {\n"
      "  let composite: [i32; 100]\n"
      "  let count: i32 = 0\n"
      "  for k in 2..n {\n"
      "    if composite[k] == 0 {\n"
      "      count = count + 1\n"
      "      for m in 2..(n - 1) / k + 1 { composite[k * m] = 1 }\n"
      "    }\n"
      "  }\n"
      "  return count\n"
      "}";
  Both k(jit_instantiate(sieve));
  CHECK(k.run(4, {jit_integer(kernel::KScalar::i32, 100)}).sink == 4 * 25);
  CHECK(k.run(1, {jit_integer(kernel::KScalar::i32, 30)}).last.i == 10);
  // 101 marks composite[2 * 50]: the error points at the subscript's operator.
  CHECK(k.error(1, {jit_integer(kernel::KScalar::i32, 101)}) == "t.bench:7:49: index out of bounds in kernel sieve");

  Both counter(jit_instantiate("kernel once(i: i32) -> f64 { let a: [f64; 3]; a[i] = a[i] + 1.5; return a[i] }"));
  CHECK(counter.run(10, {jit_integer(kernel::KScalar::i32, 2)}).sink == 15.0);
  CHECK(counter.error(1, {jit_integer(kernel::KScalar::i32, -1)}) ==
        "t.bench:1:49: index out of bounds in kernel once");
  CHECK(counter.error(1, {jit_integer(kernel::KScalar::i32, 3)}) == "t.bench:1:49: index out of bounds in kernel once");
}

TEST_CASE("llvm jit: loops run A..B-1, none when A >= B, and nest") {
  Both k(
      jit_instantiate("kernel tri(a: i64, b: i64) -> i64 {"
                      " let s: i64 = 0; for i in a..b { for j in 0..i { s = s + 1 } }; return s }"));
  CHECK(k.run(1, {jit_integer(kernel::KScalar::i64, 0), jit_integer(kernel::KScalar::i64, 10)}).last.i == 45);
  CHECK(k.run(1, {jit_integer(kernel::KScalar::i64, 5), jit_integer(kernel::KScalar::i64, 5)}).last.i == 0);
  CHECK(k.run(1, {jit_integer(kernel::KScalar::i64, 7), jit_integer(kernel::KScalar::i64, -3)}).last.i == 0);

  // The last value below i16's MAX is reached without the counter overflowing.
  Both top(jit_instantiate("kernel top(a: i16) -> i16 { let s: i16 = 0; for i in a..32767 { s = i }; return s }"));
  CHECK(top.run(1, {jit_integer(kernel::KScalar::i16, 32760)}).last.i == 32766);
}

TEST_CASE("llvm jit: UnixBench's arithmetic loop in the five types, called n times") {
  const char* arith =
      "kernel arith(T: type, first: i32) -> T {\n"
      "  let z: T = 0\n"
      "  for i in first..first + 100 { let y: T = T(i) * T(i); z = z + y / (y - 1) }\n"
      "  return z\n"
      "}";
  const std::vector<std::pair<kernel::KScalar, double>> answers = {
      {kernel::KScalar::i16, 100},
      {kernel::KScalar::i32, 100},
      {kernel::KScalar::i64, 100},
      {kernel::KScalar::f32, static_cast<double>(100.74015808105469f)},
      {kernel::KScalar::f64, 100.74014754416621}};
  for (const auto& [t, answer] : answers) {
    const std::string type = lang::kernel::scalar_name(t);  // a plain variable: clang 14 cannot capture a binding
    CAPTURE(type);
    Both k(jit_instantiate(arith, {{"T", t}}));
    const RunResult r = k.run(1000, {jit_integer(kernel::KScalar::i32, 2)});
    CHECK(r.last.type == t);
    CHECK((lang::kernel::is_float(t) ? r.last.f : static_cast<double>(r.last.i)) == answer);
    // 1000 in-order additions of the same double; exact for the integers.
    if (lang::kernel::is_integer(t)) CHECK(r.sink == 100000.0);
  }
}

// The statement's `vectorize off`: the same loop without vector code. The float sums are added in
// order either way (-force-ordered-reductions), so every result and sum is the same bit for bit.
TEST_CASE("llvm jit: vectorize off gives bit-identical results for UnixBench's loop, over many calls") {
  const char* arith =
      "kernel arith_k(type: type = i32, first: i32 = 2) -> type {\n"
      "  let x: type = 0\n  let y: type = 0\n  let z: type = 0\n"
      "  for i in first..first + 100 {\n    x = type(i)\n    y = x * x\n    z = z + y / (y - 1)\n  }\n"
      "  return x + y + z\n"
      "}";
  for (kernel::KScalar t :
       {kernel::KScalar::f32, kernel::KScalar::f64, kernel::KScalar::i16, kernel::KScalar::i32, kernel::KScalar::i64}) {
    const std::string type = lang::kernel::scalar_name(t);  // a plain variable: clang 14 cannot capture a binding
    CAPTURE(type);
    const lang::kernel::KernelDef def = jit_instantiate(arith, {{"type", t}});
    Both scalar(def, CompileOptions{.vectorize = false});  // checked against the interpreter too
    const std::unique_ptr<Executable> vector = make_llvm_jit()->compile(def, "t.bench", {});
    for (int first : {2, 3, 200, 1000}) {
      CAPTURE(first);
      const RunResult off = scalar.run(1500, {jit_integer(kernel::KScalar::i32, first)});
      const RunResult on = vector->run(1500, {jit_integer(kernel::KScalar::i32, first)});
      CHECK(off.last.i == on.last.i);
      CHECK(bits(off.last.f) == bits(on.last.f));
      CHECK(bits(off.sink) == bits(on.sink));
    }
  }
}

/// The optimised IR the JIT prints with HWBENCH_JIT_DUMP=1 while it compiles `def`.
std::string dumped_ir(const lang::kernel::KernelDef& def, const CompileOptions& options) {
  test::TempDir dir;
  const std::string path = dir / "ir.ll";
  const int file = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  REQUIRE(file >= 0);
  const int saved = ::dup(2);
  ::setenv("HWBENCH_JIT_DUMP", "1", 1);
  ::dup2(file, 2);
  make_llvm_jit()->compile(def, "t.bench", options);
  ::dup2(saved, 2);
  ::unsetenv("HWBENCH_JIT_DUMP");
  ::close(saved);
  ::close(file);
  return test::read_text(path);
}

TEST_CASE("llvm jit: vectorize off leaves the loops scalar") {
  const lang::kernel::KernelDef def =
      jit_instantiate("kernel sum(n: i64) -> f64 { let z: f64 = 0; for i in 0..n { z = z + f64(i) / 3 }; return z }");
  const std::string off = dumped_ir(def, CompileOptions{.vectorize = false});
  CHECK(off.find("define double @hwbench_kernel") != std::string::npos);
  CHECK(off.find(" x double>") == std::string::npos);
  // On x86-64 (SSE2 at least) LLVM vectorises this loop when allowed to: the option is what differs.
  if (off.find("x86_64") != std::string::npos) CHECK(dumped_ir(def, {}).find(" x double>") != std::string::npos);
}

TEST_CASE("llvm jit: a definition without a result type (which the type checker refuses) is a KernelError") {
  lang::kernel::KernelDef def =
      jit_instantiate("kernel idle(n: i32) -> i32 { let s: i32 = 0; for i in 0..n { s = s + i }; return s }");
  def.result.reset();
  CHECK_THROWS_WITH_AS(make_llvm_jit()->compile(def, "t.bench", {}),
                       "kernel idle: cannot compile: a kernel without a result type", KernelError);
}

TEST_CASE("llvm jit: a definition the type checker would refuse is a KernelError, not a crash") {
  lang::kernel::KernelDef def = jit_instantiate("kernel bad(x: i32) -> i32 { return x }");
  def.body[0].exprs[0].slot = 7;
  CHECK_THROWS_WITH_AS(make_llvm_jit()->compile(def, "t.bench", {}),
                       "kernel bad: cannot compile: a variable without a slot", KernelError);
}

TEST_CASE("llvm jit: wrong argument count is a KernelError") {
  Both k(jit_instantiate("kernel one(x: i32) -> i32 { return x }"));
  CHECK_THROWS_AS(k.jit->run(1, {}), KernelError);
}

#endif

}  // namespace hwbench::kernels::jit
