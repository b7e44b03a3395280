// run_child's watch over the running child: its output kept within the cap, its timeout and interruption, its end.
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <limits>
#include <set>

#include <fmt/format.h>

#include "base/platform/child_process_internal.hpp"
#include "base/platform/clock.hpp"

namespace hwbench::platform::detail {

namespace {

constexpr std::size_t read_chunk = 64 * 1024;

std::int64_t seconds_to_ns(double seconds) {
  if (!(seconds > 0)) return 0;
  // Anything past a century is no limit at all, and would overflow the nanoseconds.
  if (seconds > 3e9) return never_ns;
  return static_cast<std::int64_t>(std::llround(seconds * 1e9));
}

FileDescriptor open_pidfd(pid_t pid, bool wanted) {
  if (!wanted) return {};
#ifdef SYS_pidfd_open
  // Linux 5.3; older kernels (ENOSYS) and seccomp filters (EPERM) leave the waitpid poll.
  return FileDescriptor(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
#else
  (void)pid;
  return {};
#endif
}

std::int64_t timeval_ns(const timeval& tv) {
  return static_cast<std::int64_t>(tv.tv_sec) * 1'000'000'000 + static_cast<std::int64_t>(tv.tv_usec) * 1000;
}

// Milliseconds for poll() until `until`, rounded up, within `limit` (-1: none).
int poll_ms(std::int64_t now, std::int64_t until, int limit) {
  if (until == never_ns) return limit;
  const std::int64_t ms = until <= now ? 0 : (until - now + 999'999) / 1'000'000;
  if (limit < 0) return static_cast<int>(std::min<std::int64_t>(ms, std::numeric_limits<int>::max()));
  return static_cast<int>(std::min<std::int64_t>(ms, limit));
}

}  // namespace

void StreamKeeper::add(const char* data, std::size_t n) {
  total_ += n;
  const std::size_t to_head = std::min(n, head_limit_ - head_.size());
  head_.append(data, to_head);
  data += to_head;
  n -= to_head;
  if (n == 0) return;
  if (n >= tail_limit_) {
    tail_.assign(data + (n - tail_limit_), tail_limit_);
    return;
  }
  tail_.append(data, n);
  // Trimmed once the excess is as large as what is kept, so that a long stream costs one copy
  // per cap's worth of output, not one per read.
  if (tail_.size() > tail_limit_ && tail_.size() - tail_limit_ >= std::max<std::size_t>(tail_limit_, read_chunk))
    tail_.erase(0, tail_.size() - tail_limit_);
}

CapturedText StreamKeeper::take() {
  if (tail_.size() > tail_limit_) tail_.erase(0, tail_.size() - tail_limit_);
  CapturedText captured;
  captured.total = total_;
  const std::uint64_t kept = head_.size() + tail_.size();
  captured.cut = kept < total_;
  captured.text = captured.cut ? fmt::format("{}\n[… {} bytes cut …]\n{}", head_, total_ - kept, tail_) : head_ + tail_;
  return captured;
}

void OutputPipe::read_some(char* buffer) {
  for (;;) {
    const ssize_t n = ::read(fd.get(), buffer, read_chunk);
    if (n > 0) {
      keeper.add(buffer, static_cast<std::size_t>(n));
      return;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    fd.close();
    return;
  }
}

void OutputPipe::drain(char* buffer) {
  for (std::size_t budget = 256; fd.valid() && budget > 0; --budget) {
    const ssize_t n = ::read(fd.get(), buffer, read_chunk);
    if (n > 0)
      keeper.add(buffer, static_cast<std::size_t>(n));
    else if (n < 0 && errno == EINTR)
      continue;
    else
      break;
  }
  fd.close();
}

ChildWatch::ChildWatch(const ChildSpec& spec, pid_t pid, std::int64_t start, ReapGuard& guard, TreeCgroup& cgroup,
                       OutputPipe& out, OutputPipe& err, ChildOutcome& outcome)
    : spec_(spec),
      pid_(pid),
      start_(start),
      guard_(guard),
      cgroup_(cgroup),
      out_(out),
      err_(err),
      outcome_(outcome),
      pidfd_(open_pidfd(pid, spec.watch_pidfd)),
      buffer_(read_chunk) {
  const std::int64_t timeout = seconds_to_ns(spec.timeout_seconds);
  deadline_ = timeout == 0 || timeout == never_ns ? never_ns : start + timeout;
  grace_ns_ = seconds_to_ns(spec.kill_grace_seconds);
}

void ChildWatch::run_to_end() {
  while (guard_.pid > 0) {
    const std::int64_t now = monotonic_ns();
    enforce_limits(now);
    // Without a pidfd the child's end is polled with waitpid: every tenth of the time it has run
    // so far, between 1 and 10 ms, so that a short run is not measured 10 ms too long. The
    // interruption flag is looked at every 25 ms.
    int limit = pidfd_.valid() ? -1 : static_cast<int>(std::clamp<std::int64_t>((now - start_) / 10'000'000, 1, 10));
    if (spec_.interrupted != nullptr) limit = limit < 0 ? 25 : std::min(limit, 25);
    const std::int64_t until = stage_ == Stage::running ? deadline_ : stage_ == Stage::terminated ? kill_at_ : never_ns;
    const int wait_ms = poll_ms(now, until, limit);
    pollfd fds[3];
    nfds_t count = 0;
    const auto add = [&](int fd) {
      if (fd >= 0) fds[count++] = pollfd{fd, POLLIN, 0};
    };
    add(out_.fd.get());
    add(err_.fd.get());
    add(pidfd_.get());
    // poll() failing with EINTR is normal (hwbench's signal handlers); any other failure is
    // treated as a timeout, and the waitpid poll below still sees the end.
    const int ready = ::poll(fds, count, wait_ms);
    if (ready > 0) {
      for (nfds_t i = 0; i < count; ++i) {
        if (fds[i].revents == 0) continue;
        if (fds[i].fd == out_.fd.get())
          out_.read_some(buffer_.data());
        else if (fds[i].fd == err_.fd.get())
          err_.read_some(buffer_.data());
      }
    }
    const bool ended = pidfd_.valid() && ready > 0 && (fds[count - 1].revents & POLLIN) != 0;
    reap(ended ? 0 : WNOHANG);
  }
}

void ChildWatch::settle() {
  std::set<pid_t> left = leftover_processes(pid_, cgroup_);
  if (stage_ != Stage::killed) outcome_.stragglers = static_cast<int>(left.size());
  const std::int64_t give_up = monotonic_ns() + 1'000'000'000;
  while (!left.empty()) {
    kill_everything(pid_, cgroup_);
    if (monotonic_ns() >= give_up) break;
    // Killed processes close their ends of the pipes as they die: read while waiting.
    pollfd fds[2];
    nfds_t count = 0;
    if (out_.fd.valid()) fds[count++] = pollfd{out_.fd.get(), POLLIN, 0};
    if (err_.fd.valid()) fds[count++] = pollfd{err_.fd.get(), POLLIN, 0};
    if (::poll(fds, count, 2) > 0) {
      for (nfds_t i = 0; i < count; ++i) {
        if (fds[i].revents == 0) continue;
        if (fds[i].fd == out_.fd.get())
          out_.read_some(buffer_.data());
        else
          err_.read_some(buffer_.data());
      }
    }
    left = leftover_processes(pid_, cgroup_);
  }
  out_.drain(buffer_.data());
  err_.drain(buffer_.data());
}

void ChildWatch::enforce_limits(std::int64_t now) {
  if (stage_ == Stage::running) {
    if (spec_.interrupted != nullptr && spec_.interrupted->load())
      outcome_.interrupted = true;
    else if (now >= deadline_)
      outcome_.timed_out = true;
    else
      return;
    ::kill(-pid_, SIGTERM);
    // A stopped process (SIGSTOP, or a stop signal it sent itself) acts on SIGTERM only once
    // continued; without this it would wait for the SIGKILL after the grace period.
    ::kill(-pid_, SIGCONT);
    stage_ = Stage::terminated;
    kill_at_ = grace_ns_ >= never_ns - now ? never_ns : now + grace_ns_;
  } else if (stage_ == Stage::terminated && now >= kill_at_) {
    // Counted before the kill: afterwards they are dying, and whether they still show is a race.
    std::set<pid_t> left = leftover_processes(pid_, cgroup_);
    left.erase(pid_);
    outcome_.stragglers = static_cast<int>(left.size());
    kill_everything(pid_, cgroup_);
    outcome_.killed = true;
    stage_ = Stage::killed;
  }
}

void ChildWatch::reap(int options) {
  int status = 0;
  rusage usage{};
  pid_t got;
  do {
    got = ::wait4(pid_, &status, options, &usage);
  } while (got < 0 && errno == EINTR);
  if (got == 0) return;
  outcome_.wall_ns = monotonic_ns() - start_;
  guard_.pid = -1;
  // ECHILD: someone else reaped it (SIGCHLD ignored); its status and usage are lost.
  if (got < 0) return;
  if (WIFEXITED(status)) outcome_.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) outcome_.signal = WTERMSIG(status);
  outcome_.usr_ns = timeval_ns(usage.ru_utime);
  outcome_.sys_ns = timeval_ns(usage.ru_stime);
  outcome_.max_rss_kb = usage.ru_maxrss;
}

}  // namespace hwbench::platform::detail
