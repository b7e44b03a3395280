// hwbench-nbench-count TEST N: runs N counted units of one nbench test the way hwbench's
// measurement loop runs them (Kernel::run, with the per-iteration set-up handed to the runtime's
// untimed() hook), under `valgrind --tool=callgrind --collect-atstart=no`, with callgrind's
// collection on only for what hwbench's stopwatch would time: run(N) minus the untimed set-up.
// prepare() and one run(1) go first, uncounted (nbench's calibration iteration is counted, and
// every iteration does the same work, so this changes no per-unit figure). Prints
// "units U iterations N": U is the work run() reported (nbench's count: arrays, bits, loops,
// coefficients). Used by bench/nbench_counts.sh; outside valgrind the client requests do nothing.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <string>

#include <valgrind/callgrind.h>

#include "kernels/nbench/nbench.hpp"

int main(int argc, char** argv) {
  using namespace hwbench::kernels;
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s TEST N\n", argv[0]);
    return 2;
  }
  const nbench::TestInfo* test = nbench::find_test(argv[1]);
  const long n = std::strtol(argv[2], nullptr, 10);
  if (test == nullptr || n <= 0) {
    std::fprintf(stderr, "%s: unknown test '%s' or bad count '%s'\n", argv[0], argv[1], argv[2]);
    return 2;
  }
  try {
    static bool counting = false;
    Context ctx;
    // The set-up nbench keeps outside its stopwatch: collection off while it runs.
    ctx.exclude = [](const std::function<void()>& fn) {
      if (counting) CALLGRIND_TOGGLE_COLLECT;
      fn();
      if (counting) CALLGRIND_TOGGLE_COLLECT;
    };
    Call call;
    call.args.push_back({argv[1], ""});
    auto kernel = test->make(call, ctx);
    kernel->prepare();
    kernel->run(1);
    counting = true;
    CALLGRIND_TOGGLE_COLLECT;
    const Work work = kernel->run(static_cast<std::uint64_t>(n));
    CALLGRIND_TOGGLE_COLLECT;
    counting = false;
    kernel->finish();
    std::printf("units %llu iterations %ld\n", static_cast<unsigned long long>(work.ops), n);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", argv[0], e.what());
    return 1;
  }
  return 0;
}
