#pragma once
// What tests of a run need to make it deterministic: a scripted clock and kernels made of lambdas.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "base/platform/clock.hpp"
#include "kernels/contract/kernel.hpp"
#include "runtime/run/interpreter.hpp"
#include "tests/support/recipe_env.hpp"

namespace hwbench::test {

/// A clock whose every reading advances by the next step of a script (repeating its last step).
class ScriptedClock : public platform::Clock {
 public:
  explicit ScriptedClock(std::vector<std::int64_t> steps) : steps_(std::move(steps)) {}
  std::int64_t now_ns() override {
    std::int64_t step = steps_[std::min(calls_, steps_.size() - 1)];
    ++calls_;
    now_ += step;
    return now_;
  }
  platform::CpuTimes cpu() override { return {}; }
  std::int64_t unix_ns() override { return 0; }

 private:
  std::vector<std::int64_t> steps_;
  std::size_t calls_ = 0;
  std::int64_t now_ = 0;
};

/// A kernel made of a lambda called with the unit count and the call number (1-based).
class LambdaKernel : public kernels::Kernel {
 public:
  explicit LambdaKernel(std::function<kernels::Work(std::uint64_t, int)> f) : f_(std::move(f)) {}
  kernels::Work run(std::uint64_t n) override { return f_(n, ++calls_); }

 private:
  std::function<kernels::Work(std::uint64_t, int)> f_;
  int calls_ = 0;
};

/// Registers a test kernel `name` taking no arguments; `holds_memory` as KernelSpec's, and
/// `memory` bytes the FileEffects of its calls say it holds.
inline void add_kernel(RecipeEnv& env, const std::string& name, std::function<kernels::Work(std::uint64_t, int)> f,
                       bool holds_memory = false, std::uint64_t memory = 0) {
  kernels::KernelSpec spec;
  spec.name = name;
  spec.holds_memory = holds_memory;
  spec.family = "test";
  spec.synopsis = name;
  spec.effects = [memory](const kernels::Call&, const platform::FileView&) {
    kernels::FileEffects fx;
    fx.memory = memory;
    return fx;
  };
  spec.make = [f](const kernels::Call&, const kernels::Context&) { return std::make_unique<LambdaKernel>(f); };
  env.registry().add(std::move(spec));
}

/// Registers one kernel per letter of `letters`, each appending its letter to `log` on every run
/// (warm-ups too), so that a test reads the order the runs took.
inline void add_letter_kernels(RecipeEnv& env, std::string& log, const std::string& letters) {
  for (const char letter : letters)
    add_kernel(env, std::string(1, letter), [&log, letter](std::uint64_t n, int) {
      log += letter;
      return kernels::Work{0, n};
    });
}

/// Checks and runs `text` on a clock whose every reading is `step_ns` on, with `--blocks` blocks,
/// on a machine with `memory_available` bytes available (RunOptions').
inline runtime::run::RunOutcome run_scripted(RecipeEnv& env, const std::string& text, std::uint32_t blocks,
                                             std::int64_t step_ns = 1'000'000, std::uint64_t memory_available = 0) {
  auto c = env.check(text);
  INFO(c.diagnostics);
  REQUIRE(c.recipe);
  ScriptedClock clock({step_ns});
  runtime::run::RunOptions opts;
  opts.clock = &clock;
  opts.blocks = blocks;
  opts.memory_available = memory_available;
  return runtime::run::run_plan(*c.recipe, opts);
}

}  // namespace hwbench::test
