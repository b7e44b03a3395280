#pragma once
// The remote side of a session: `hwbench run --remote-session` on a host reads nothing from its
// stdin after the bundle, but watches it. Without a terminal sshd sends no SIGHUP when the
// connection goes (the client killed, the network gone); the end of file on stdin is the only
// sign, and the run treats it as an interruption.
#include <atomic>
#include <functional>
#include <thread>

namespace hwbench::runtime::remote {

/// Watches descriptor `fd` in a thread of its own; calls `on_loss` once, from that thread, when
/// it reaches end of file or fails. Anything read is ignored. Stops at destruction.
class SessionWatch {
 public:
  SessionWatch(int fd, std::function<void()> on_loss);
  ~SessionWatch();
  SessionWatch(const SessionWatch&) = delete;
  SessionWatch& operator=(const SessionWatch&) = delete;
  /// Whether the session was lost.
  bool lost() const { return lost_.load(); }

 private:
  void watch(int fd, const std::function<void()>& on_loss);
  std::atomic<bool> stop_{false};
  std::atomic<bool> lost_{false};
  std::thread thread_;
};

}  // namespace hwbench::runtime::remote
