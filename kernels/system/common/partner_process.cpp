#include "kernels/system/common/partner_process.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "kernels/contract/kernel.hpp"
#include "kernels/system/common/program.hpp"

namespace hwbench::kernels::system {

PartnerProcess::~PartnerProcess() { stop(); }

void PartnerProcess::start(const PartnerBody& body) {
  stop();
  int down[2];
  int up[2];
  if (::pipe2(down, O_CLOEXEC) != 0)
    throw KernelError(fmt::format("cannot create a pipe for {}: {}", what_, std::strerror(errno)));
  platform::FileDescriptor down_read(down[0]);
  to_partner_ = platform::FileDescriptor(down[1]);
  if (::pipe2(up, O_CLOEXEC) != 0) {
    to_partner_.close();
    throw KernelError(fmt::format("cannot create a pipe for {}: {}", what_, std::strerror(errno)));
  }
  from_partner_ = platform::FileDescriptor(up[0]);
  platform::FileDescriptor up_write(up[1]);

  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigpipe_saved_ = ::sigaction(SIGPIPE, &ignore, &old_sigpipe_) == 0;

  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int err = errno;
    stop();
    throw KernelError(fmt::format("cannot start {}: fork: {}", what_, std::strerror(err)));
  }
  if (pid == 0) {
    ::signal(SIGINT, SIG_IGN);
    ::signal(SIGTERM, SIG_IGN);
    // Should hwbench die without closing the pipes, the kernel ends the partner too.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(0);
    ::close(to_partner_.get());
    ::close(from_partner_.get());
    ::_exit(body(down_read.get(), up_write.get()));
  }
  pid_ = pid;
}

void PartnerProcess::send(const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::write(to_partner_.get(), p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) gone("writing to it");
    p += n;
    size -= static_cast<std::size_t>(n);
  }
}

void PartnerProcess::receive(void* data, std::size_t size) {
  char* p = static_cast<char*>(data);
  while (size > 0) {
    const ssize_t n = ::read(from_partner_.get(), p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) gone("reading from it");
    p += n;
    size -= static_cast<std::size_t>(n);
  }
}

int PartnerProcess::stop() {
  to_partner_.close();
  from_partner_.close();
  if (pid_ > 0) {
    // Its pipes are closed, so it exits as soon as it next reads; one that does not within a
    // few seconds is killed rather than left behind.
    int status = 0;
    pid_t got = 0;
    for (int waited_ms = 0; waited_ms < 5000; waited_ms += 1) {
      got = ::waitpid(pid_, &status, WNOHANG);
      if (got != 0 && !(got < 0 && errno == EINTR)) break;
      ::usleep(1000);
    }
    if (got == 0) {
      ::kill(pid_, SIGKILL);
      status = wait_for(pid_);
    }
    status_ = got < 0 ? -1 : status;
    pid_ = -1;
  }
  if (sigpipe_saved_) {
    ::sigaction(SIGPIPE, &old_sigpipe_, nullptr);
    sigpipe_saved_ = false;
  }
  return status_;
}

void PartnerProcess::gone(const char* doing) {
  const int err = errno;
  const bool running = pid_ > 0;
  stop();
  if (running) throw KernelError(fmt::format("{} stopped while {}: it {}", what_, doing, describe_status(status_)));
  throw KernelError(fmt::format("{} is not running ({}: {})", what_, doing, std::strerror(err)));
}

}  // namespace hwbench::kernels::system
