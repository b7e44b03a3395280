#include "runtime/remote/session_watch.hpp"

#include <poll.h>
#include <unistd.h>

#include <cerrno>

namespace hwbench::runtime::remote {

SessionWatch::SessionWatch(int fd, std::function<void()> on_loss)
    : thread_([this, fd, on_loss = std::move(on_loss)] { watch(fd, on_loss); }) {}

SessionWatch::~SessionWatch() {
  stop_.store(true);
  thread_.join();
}

void SessionWatch::watch(int fd, const std::function<void()>& on_loss) {
  while (!stop_.load()) {
    pollfd p{fd, POLLIN, 0};
    // A fifth of a second: how long the end of the run may wait for this thread to notice.
    const int ready = ::poll(&p, 1, 200);
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    char buf[4096];
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got > 0 || (got < 0 && (errno == EINTR || errno == EAGAIN))) continue;
    lost_.store(true);
    on_loss();
    return;
  }
}

}  // namespace hwbench::runtime::remote
