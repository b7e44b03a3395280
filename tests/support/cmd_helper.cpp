// hwbench-cmd-helper: a small deterministic program for the tests of child processes and of the
// command step. Its arguments are subcommands, done left to right:
//   cmd_helper print "rate: 12.5 MB/s" err "warning" sleep 0.05 exit 3
// (the usage text below lists them all; `spam N` writes N bytes, byte i being 'a' + i % 26).
// Output goes straight to the descriptors (write(2), no buffering), so that what is printed
// before a fork, a signal or an exit is exactly what the reader gets, in order.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

namespace {

constexpr std::string_view usage =
    "usage: hwbench-cmd-helper SUBCOMMAND… where SUBCOMMAND is one of\n"
    "  print TEXT | err TEXT | sleep SECONDS | exit CODE | spam BYTES | spamerr BYTES\n"
    "  stubborn-children N SECONDS | detached-child SECONDS | ignore-term | cat | env NAME | pwd\n"
    "  kill-self SIGNUM | burn SECONDS | burn-orphan SECONDS | write-file PATH BYTES | pid\n";

void write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) ::_exit(120);  // a closed pipe: nothing left to tell anyone
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

void write_text(int fd, std::string_view text) { write_all(fd, text.data(), text.size()); }

void write_line(int fd, std::string_view text) {
  std::string line(text);
  line += '\n';
  write_text(fd, line);
}

[[noreturn]] void fail(std::string_view why) {
  write_text(2, "hwbench-cmd-helper: ");
  write_line(2, why);
  write_text(2, usage);
  ::_exit(125);
}

double number(const char* text) {
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(text, &end);
  if (errno != 0 || end == text || *end != '\0' || value < 0) fail(std::string("not a number: ") + text);
  return value;
}

std::uint64_t count(const char* text) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0') fail(std::string("not a count: ") + text);
  return value;
}

void sleep_for(double seconds) {
  const auto whole = static_cast<time_t>(seconds);
  timespec ts{whole, static_cast<long>((seconds - static_cast<double>(whole)) * 1e9)};
  while (::nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

// The bytes `spam` writes: the letters a to z over and over; byte i is 'a' + i % 26.
void spam(int fd, std::uint64_t bytes) {
  char block[26 * 2520];
  for (std::size_t i = 0; i < sizeof block; ++i) block[i] = static_cast<char>('a' + i % 26);
  while (bytes > 0) {
    const std::size_t n = bytes < sizeof block ? static_cast<std::size_t>(bytes) : sizeof block;
    write_all(fd, block, n);
    bytes -= n;
  }
}

// N children that ignore SIGTERM, each printing its pid and sleeping; returns once every one of
// them has ignored SIGTERM and printed, so that what comes next (a timeout) finds them ready.
void stubborn_children(std::uint64_t n, double seconds) {
  int ready[2];
  if (::pipe(ready) != 0) fail("pipe failed");
  for (std::uint64_t i = 0; i < n; ++i) {
    const pid_t pid = ::fork();
    if (pid < 0) fail("fork failed");
    if (pid == 0) {
      ::close(ready[0]);
      ::signal(SIGTERM, SIG_IGN);
      write_line(1, std::to_string(::getpid()));
      write_text(ready[1], "r");
      ::close(ready[1]);
      sleep_for(seconds);
      ::_exit(0);
    }
  }
  ::close(ready[1]);
  char byte;
  for (std::uint64_t got = 0; got < n;) {
    const ssize_t r = ::read(ready[0], &byte, 1);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) fail("a child did not get ready");
    ++got;
  }
  ::close(ready[0]);
}

// One child in a session of its own (out of our process group), printing its pid and sleeping
// with our standard output still open: what only a cgroup can catch.
void detached_child(double seconds) {
  int ready[2];
  if (::pipe(ready) != 0) fail("pipe failed");
  const pid_t pid = ::fork();
  if (pid < 0) fail("fork failed");
  if (pid == 0) {
    ::close(ready[0]);
    ::setsid();
    write_line(1, std::to_string(::getpid()));
    write_text(ready[1], "r");
    ::close(ready[1]);
    sleep_for(seconds);
    ::_exit(0);
  }
  ::close(ready[1]);
  char byte;
  while (::read(ready[0], &byte, 1) < 0 && errno == EINTR) {
  }
  ::close(ready[0]);
}

void copy_stdin() {
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(0, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail("cannot read standard input");
    if (n == 0) return;
    write_all(1, buffer, static_cast<std::size_t>(n));
  }
}

double user_cpu_seconds() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec) + static_cast<double>(usage.ru_utime.tv_usec) / 1e6;
}

// Spins until this process has had `seconds` of user CPU time, as getrusage and wait4 count it
// (not of wall time: on a busy machine the spin takes longer, and the CPU time is what the tests
// check). The clock is read about every millisecond, so that the system time stays small.
void burn(double seconds) {
  const double until = user_cpu_seconds() + seconds;
  volatile std::uint64_t sink = 0;
  while (user_cpu_seconds() < until)
    for (int i = 0; i < 1000000; ++i) sink = sink + static_cast<std::uint64_t>(i);
}

// Burns `seconds` of CPU in a grandchild that nobody waits for (its parent exits at once), and
// returns when it is done: the CPU time shows in a cgroup's count, not in wait4's.
void burn_orphan(double seconds) {
  int done[2];
  if (::pipe(done) != 0) fail("pipe failed");
  const pid_t child = ::fork();
  if (child < 0) fail("fork failed");
  if (child == 0) {
    if (::fork() == 0) {
      ::close(done[0]);
      burn(seconds);
      ::_exit(0);  // closes done[1]: the end the parent waits for
    }
    ::_exit(0);
  }
  ::close(done[1]);
  while (::waitpid(child, nullptr, 0) < 0 && errno == EINTR) {
  }
  char byte;
  while (::read(done[0], &byte, 1) < 0 && errno == EINTR) {
  }
  ::close(done[0]);
}

void write_file(const char* path, std::uint64_t bytes) {
  const int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail(std::string("cannot create ") + path + ": " + std::strerror(errno));
  spam(fd, bytes);
  if (::close(fd) != 0) fail(std::string("cannot write ") + path + ": " + std::strerror(errno));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) fail("no subcommand");
  for (int i = 1; i < argc;) {
    const std::string_view command = argv[i++];
    const auto argument = [&]() -> const char* {
      if (i >= argc) fail(std::string("missing argument for ") + std::string(command));
      return argv[i++];
    };
    if (command == "print") {
      write_line(1, argument());
    } else if (command == "err") {
      write_line(2, argument());
    } else if (command == "sleep") {
      sleep_for(number(argument()));
    } else if (command == "exit") {
      ::_exit(static_cast<int>(count(argument())));
    } else if (command == "spam") {
      spam(1, count(argument()));
    } else if (command == "spamerr") {
      spam(2, count(argument()));
    } else if (command == "stubborn-children") {
      const std::uint64_t n = count(argument());
      stubborn_children(n, number(argument()));
    } else if (command == "detached-child") {
      detached_child(number(argument()));
    } else if (command == "ignore-term") {
      ::signal(SIGTERM, SIG_IGN);
    } else if (command == "cat") {
      copy_stdin();
    } else if (command == "env") {
      const char* value = std::getenv(argument());
      write_line(1, value != nullptr ? value : "<unset>");
    } else if (command == "pwd") {
      char dir[4096];
      if (::getcwd(dir, sizeof dir) == nullptr) fail("getcwd failed");
      write_line(1, dir);
    } else if (command == "kill-self") {
      const int signal = static_cast<int>(count(argument()));
      ::signal(signal, SIG_DFL);
      ::kill(::getpid(), signal);
      sleep_for(5);  // the signal arrives before this ends
      fail("still alive after kill-self");
    } else if (command == "burn") {
      burn(number(argument()));
    } else if (command == "burn-orphan") {
      burn_orphan(number(argument()));
    } else if (command == "pid") {
      write_line(1, std::to_string(::getpid()));
    } else if (command == "write-file") {
      const char* path = argument();
      write_file(path, count(argument()));
    } else {
      fail(std::string("unknown subcommand ") + std::string(command));
    }
  }
  return 0;
}
