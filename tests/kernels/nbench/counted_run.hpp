#pragma once
// Runs one nbench test object with a context that counts what goes through kernels::untimed().
#include <cstdint>

#include <doctest/doctest.h>

#include "kernels/nbench/nbench.hpp"

namespace hwbench::kernels::nbench {

/// What run(n) returned and how many set-ups it passed to kernels::untimed().
struct CountedRun {
  Work work;
  int untimed_calls = 0;
};

/// Makes the test's object with a counting context and calls run(n) once.
inline CountedRun run_counted(TestFactory make, std::uint64_t n) {
  CountedRun result;
  Context ctx;
  ctx.exclude = [&result](const std::function<void()>& fn) {
    ++result.untimed_calls;
    fn();
  };
  auto kernel = make(Call{}, ctx);
  kernel->prepare();
  result.work = kernel->run(n);
  kernel->finish();
  return result;
}

/// Checks run(1) and run(3): `ops` and 3 × `ops` counted, `set_ups` and 3 × `set_ups` calls of
/// kernels::untimed(), nothing counted as bytes.
inline void check_run_counts(TestFactory make, std::uint64_t ops, int set_ups) {
  const CountedRun one = run_counted(make, 1);
  CHECK(one.work.ops == ops);
  CHECK(one.work.bytes == 0);
  CHECK(one.untimed_calls == set_ups);
  const CountedRun three = run_counted(make, 3);
  CHECK(three.work.ops == 3 * ops);
  CHECK(three.untimed_calls == 3 * set_ups);
}

}  // namespace hwbench::kernels::nbench
