// hwbench-nbench-lockstep TEST FROM TO: the partner of a copy of nbench 2.2.3 linked with
// bench/nbench_wall_stopwatch.c (HWBENCH_LOCKSTEP="TO FROM" on nbench's side), for
// bench/nbench_lockstep.sh. Both run on one CPU and take turns: after 5 ms or more of timed
// regions nbench sends their wall nanoseconds and waits; this driver then runs units of the same
// test through hwbench's kernel (Kernel::run(1), as the measurement loop runs them) until its
// turn has taken as long, and hands the CPU back. A change in the machine's speed, which on a
// shared host comes and goes over seconds, then falls on both tools alike, turn by turn.
// Each unit is timed as hwbench's stopwatch times it: process CPU time and wall time around
// run(1), less the set-up the kernel hands to the untimed() hook. At nbench's exit prints
//   units U cpu_ns C wall_ns W turns T
// (U: the work run() reported, in nbench's units: arrays, bits, loops, coefficients).
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>

#include "bench/driver_clocks.hpp"
#include "kernels/nbench/nbench.hpp"

int main(int argc, char** argv) {
  using namespace hwbench::kernels;
  using namespace hwbench::bench;
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s TEST FROM_FIFO TO_FIFO\n", argv[0]);
    return 2;
  }
  const nbench::TestInfo* test = nbench::find_test(argv[1]);
  if (test == nullptr) {
    std::fprintf(stderr, "%s: unknown test '%s'\n", argv[0], argv[1]);
    return 2;
  }
  try {
    Clocks excluded;
    Context ctx;
    ctx.exclude = [&excluded](const std::function<void()>& fn) {
      const Clocks start = now();
      fn();
      excluded += since(start);
    };
    Call call;
    call.args.push_back({argv[1], ""});
    auto kernel = test->make(call, ctx);
    kernel->prepare();
    kernel->run(1);  // warm, as the measurement loop's first sample would be

    // nbench opens its end for writing first, then for reading: the same order here.
    const int from = open(argv[2], O_RDONLY);
    const int to = open(argv[3], O_WRONLY);
    if (from < 0 || to < 0) {
      std::fprintf(stderr, "%s: cannot open the FIFOs\n", argv[0]);
      return 1;
    }
    const char go = 'g';
    if (write(to, &go, 1) != 1) return 1;

    std::uint64_t units = 0, turns = 0;
    Clocks total;
    std::int64_t nbench_ns = 0;
    while (read(from, &nbench_ns, sizeof nbench_ns) == static_cast<ssize_t>(sizeof nbench_ns)) {
      std::int64_t turn_ns = 0;
      do {
        excluded = {};
        const Clocks start = now();
        const Work work = kernel->run(1);
        const Clocks spent = since(start);
        units += work.ops;
        total.cpu_ns += spent.cpu_ns - excluded.cpu_ns;
        total.wall_ns += spent.wall_ns - excluded.wall_ns;
        turn_ns += spent.wall_ns;
      } while (turn_ns < nbench_ns);
      ++turns;
      if (write(to, &go, 1) != 1) break;
    }
    kernel->finish();
    std::printf("units %llu cpu_ns %lld wall_ns %lld turns %llu\n", static_cast<unsigned long long>(units),
                static_cast<long long>(total.cpu_ns), static_cast<long long>(total.wall_ns),
                static_cast<unsigned long long>(turns));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", argv[0], e.what());
    return 1;
  }
  return 0;
}
