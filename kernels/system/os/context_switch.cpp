#include "kernels/system/os/context_switch.hpp"

#include <unistd.h>

#include <cerrno>

#include <fmt/format.h>

#include "kernels/system/common/program.hpp"
#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/os/os_tests.hpp"

namespace hwbench::kernels::system {

namespace {

// Exit status of a partner that received a counter out of sequence.
constexpr int wrong_counter = 3;

// The partner: expects 0, 1, 2, … and sends each back; end of input ends it.
int echo_counter(int from_parent, int to_parent) {
  for (std::uint64_t expected = 0;; ++expected) {
    std::uint64_t value = 0;
    std::size_t got = 0;
    while (got < sizeof value) {
      const ssize_t n = ::read(from_parent, reinterpret_cast<char*>(&value) + got, sizeof value - got);
      if (n == 0) return 0;
      if (n < 0) {
        if (errno == EINTR) continue;
        return 2;
      }
      got += static_cast<std::size_t>(n);
    }
    if (value != expected) return wrong_counter;
    if (::write(to_parent, &value, sizeof value) != static_cast<ssize_t>(sizeof value)) return 2;
  }
}

}  // namespace

void ContextSwitch::prepare() {
  counter_ = 0;
  partner_.start(echo_counter);
}

Work ContextSwitch::run(std::uint64_t n) {
  if (partner_.pid() < 0) prepare();
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t sent = counter_;
    partner_.send(&sent, sizeof sent);
    std::uint64_t back = 0;
    partner_.receive(&back, sizeof back);
    if (back != sent) throw KernelError(fmt::format("context1: sent counter {} but {} came back", sent, back));
    ++counter_;
  }
  return {0, n};
}

void ContextSwitch::finish() {
  const bool running = partner_.pid() > 0;
  const int status = partner_.stop();
  if (running && !succeeded(status))
    throw KernelError(fmt::format("context1's partner process {}", describe_status(status)));
}

KernelSpec context_switch_spec() {
  KernelSpec spec = unixbench_spec(
      "context1", "two processes pass a counter back and forth over two pipes, checking it; one unit is one round trip",
      "UnixBench context1: Pipe-based Context Switching", "context1", 10);
  spec.make = [](const Call&, const Context&) -> std::unique_ptr<Kernel> { return std::make_unique<ContextSwitch>(); };
  return spec;
}

}  // namespace hwbench::kernels::system
