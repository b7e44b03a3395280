// hwbench-unixbench-cpu: hwbench's CPU-bound UnixBench kernels (dhry2reg, whetstone-double, and
// any other kernel of the system family that takes no arguments, with no parameters given) run
// outside a recipe, for bench/unixbench_cpu_side.sh. Two modes:
//
//   hwbench-unixbench-cpu count TEST N     under valgrind --tool=callgrind --collect-atstart=no:
//       makes the kernel, runs prepare() and one unit uncounted, then run(N) with callgrind's
//       collection on, off inside the untimed() hook as the runtime's clocks exclude it. Prints
//       "units U": the work run() reported (Dhrystone loops, Whetstone instructions).
//   hwbench-unixbench-cpu beside TEST CHUNK   runs run(CHUNK) over and over, from when it prints
//       "ready" on stdout until SIGUSR1 or SIGTERM, then prints
//       "units U cpu_ns C wall_ns W": the work done and the process CPU time and wall time of the
//       run() calls, less what they handed to untimed(), as hwbench's stopwatch times a sample.
//       The script runs it on the same CPU as UnixBench's own program, at the same time: the
//       scheduler then gives both slices of a few milliseconds in turn, so a change of the shared
//       host's speed (which here comes and goes over seconds) falls on both alike.
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <string>

#include "bench/driver_clocks.hpp"
#include "kernels/contract/registry.hpp"
#include "kernels/system/system.hpp"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define HWBENCH_TOGGLE_COLLECT() CALLGRIND_TOGGLE_COLLECT
#else
#define HWBENCH_TOGGLE_COLLECT() ((void)0)
#endif

namespace {

volatile std::sig_atomic_t stop_requested = 0;
void request_stop(int) { stop_requested = 1; }

int usage(const char* self) {
  std::fprintf(stderr, "usage: %s count TEST N | beside TEST CHUNK\n", self);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace hwbench::kernels;
  using namespace hwbench::bench;
  if (argc != 4) return usage(argv[0]);
  const std::string mode = argv[1];
  const long n = std::strtol(argv[3], nullptr, 10);
  if ((mode != "count" && mode != "beside") || n <= 0) return usage(argv[0]);
  Registry registry;
  system::register_kernels(registry);
  const KernelSpec* spec = registry.find(argv[2]);
  if (spec == nullptr || !spec->args.empty()) {
    std::fprintf(stderr, "%s: '%s' is not a kernel of the system family without arguments\n", argv[0], argv[2]);
    return 2;
  }
  try {
    bool counting = false;
    Clocks excluded;
    Context ctx;
    ctx.exclude = [&](const std::function<void()>& fn) {
      if (counting) HWBENCH_TOGGLE_COLLECT();
      const Clocks start = now();
      fn();
      excluded += since(start);
      if (counting) HWBENCH_TOGGLE_COLLECT();
    };
    Call call;
    auto kernel = spec->make(call, ctx);
    kernel->prepare();
    kernel->run(1);  // warm, as the measurement loop's first sample would be
    const auto units = static_cast<std::uint64_t>(n);
    std::uint64_t done = 0;
    if (mode == "count") {
      counting = true;
      HWBENCH_TOGGLE_COLLECT();
      done = kernel->run(units).ops;
      HWBENCH_TOGGLE_COLLECT();
      counting = false;
      kernel->finish();
      std::printf("units %llu\n", static_cast<unsigned long long>(done));
      return 0;
    }
    std::signal(SIGUSR1, request_stop);
    std::signal(SIGTERM, request_stop);
    std::printf("ready\n");
    std::fflush(stdout);
    Clocks timed;
    while (stop_requested == 0) {
      excluded = {};
      const Clocks start = now();
      done += kernel->run(units).ops;
      Clocks spent = since(start);
      spent -= excluded;
      timed += spent;
    }
    kernel->finish();
    std::printf("units %llu cpu_ns %lld wall_ns %lld\n", static_cast<unsigned long long>(done),
                static_cast<long long>(timed.cpu_ns), static_cast<long long>(timed.wall_ns));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", argv[0], e.what());
    return 1;
  }
  return 0;
}
