#include "runtime/run/interrupt_guard.hpp"

#include <csignal>

namespace hwbench::runtime::run {

namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};
struct sigaction g_old_int {
}, g_old_term{}, g_old_hup{};
bool g_ignore_after = false;  // InterruptGuard::ignore_signals_after_runs()

extern "C" void on_signal(int sig) {
  g_signal.store(sig);
  g_interrupted.store(true);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  g_interrupted.store(false);
  g_signal.store(0);
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  ::sigaction(SIGINT, &sa, &g_old_int);
  ::sigaction(SIGTERM, &sa, &g_old_term);
  // A terminal closed under the run (an ssh login lost, a window shut) stops it as a Ctrl-C does:
  // teardown, the result marked interrupted, rather than a death that leaves the run's files.
  // Unless it was ignored when hwbench started: `nohup hwbench run …` asks to outlive the terminal.
  ::sigaction(SIGHUP, nullptr, &g_old_hup);
  if (g_old_hup.sa_handler != SIG_IGN) ::sigaction(SIGHUP, &sa, nullptr);
}

void InterruptGuard::ignore_signals_after_runs() { g_ignore_after = true; }

InterruptGuard::~InterruptGuard() {
  if (g_ignore_after) {
    ::signal(SIGINT, SIG_IGN);
    ::signal(SIGTERM, SIG_IGN);
    ::signal(SIGHUP, SIG_IGN);
    return;
  }
  ::sigaction(SIGINT, &g_old_int, nullptr);
  ::sigaction(SIGTERM, &g_old_term, nullptr);
  ::sigaction(SIGHUP, &g_old_hup, nullptr);
}

const std::atomic<bool>* InterruptGuard::flag() const { return &g_interrupted; }

int InterruptGuard::signal() const { return g_signal.load(); }

void InterruptGuard::interrupt() const {
  g_signal.store(SIGHUP);
  g_interrupted.store(true);
}

}  // namespace hwbench::runtime::run
