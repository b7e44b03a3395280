#pragma once
// Real OpenSSH servers for the tests of runs on other hosts: Debian's sshd on a free port of
// 127.0.0.1, with a host key and a user key made by ssh-keygen in a temporary directory, started
// as a child (`sshd -D -e -f CONFIG`) and stopped when the test ends. The client configuration
// (`ssh -F`) names each server by an alias, with the generated host key in its own known_hosts:
// host keys are checked for real, as a user's ssh checks them.
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>

#include "tests/support/temp_dir.hpp"

namespace hwbench::test {

/// Debian's sshd.
inline constexpr const char* sshd_path = "/usr/sbin/sshd";

/// Runs `command` through /bin/sh; true when it exits 0.
inline bool shell_ok(const std::string& command) {
  const int st = std::system(command.c_str());
  return st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/// A port of 127.0.0.1 that nothing listens on now (0 when none could be had).
inline int free_local_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return 0;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  int port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
    port = ntohs(a.sin_port);
  ::close(fd);
  return port;
}

/// Whether something accepts connections on 127.0.0.1:`port`.
inline bool accepts(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  ::close(fd);
  return ok;
}

/// The user the tests log in as: the one running them.
inline std::string current_user() {
  const char* u = std::getenv("USER");
  if (u != nullptr && *u != '\0') return u;
  return ::getuid() == 0 ? "root" : std::to_string(::getuid());
}

/// One sshd on 127.0.0.1, its keys, configuration, and the cache and temporary directories its
/// sessions get (XDG_CACHE_HOME and TMPDIR, so that hwbench's binary cache and run directories
/// stay in the test's directory, where the test can look at them).
class SshServer {
 public:
  /// Starts the server `name` with its files in `dir`/`name`; ok() says whether it runs, why() why not.
  SshServer(const std::string& dir, const std::string& name) : name_(name), home_(dir + "/" + name) {
    if (::access(sshd_path, X_OK) != 0) {
      why_ = std::string(sshd_path) + " is not installed (Debian package openssh-server)";
      return;
    }
    // sshd run by root wants its privilege-separation directory, which the Debian service
    // makes at boot (RuntimeDirectory=sshd); a container without the service lacks it.
    if (::getuid() == 0) ::mkdir("/run/sshd", 0755);
    ::mkdir(home_.c_str(), 0700);
    cache_ = home_ + "/cache";
    tmp_ = home_ + "/tmp";
    ::mkdir(tmp_.c_str(), 0700);
    if (!shell_ok("ssh-keygen -q -t ed25519 -N '' -f '" + home_ + "/host_key' </dev/null >/dev/null 2>&1") ||
        !shell_ok("ssh-keygen -q -t ed25519 -N '' -f '" + home_ + "/user_key' </dev/null >/dev/null 2>&1")) {
      why_ = "ssh-keygen failed (Debian package openssh-client)";
      return;
    }
    write_text(home_ + "/authorized_keys", read_text(home_ + "/user_key.pub"));
    port_ = free_local_port();
    const std::string config = home_ + "/sshd_config";
    // A sanitizer build's options reach the sessions too, so that the hwbench a host runs
    // reports where this process's would (scripts/test-sanitize's report files).
    std::string sanitizer_env;
    for (const char* name : {"ASAN_OPTIONS", "UBSAN_OPTIONS"})
      if (const char* value = std::getenv(name); value != nullptr && *value != '\0')
        sanitizer_env += std::string(" \"") + name + "=" + value + "\"";
    write_text(config, "ListenAddress 127.0.0.1\nPort " + std::to_string(port_) + "\nHostKey " + home_ +
                           "/host_key\nPidFile " + home_ + "/sshd.pid\nAuthorizedKeysFile " + home_ +
                           "/authorized_keys\nStrictModes no\nUsePAM no\nPasswordAuthentication no\n"
                           "KbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n"
                           "SetEnv XDG_CACHE_HOME=" +
                           cache_ + " TMPDIR=" + tmp_ + sanitizer_env + "\nLogLevel ERROR\n");
    pid_ = ::fork();
    if (pid_ == 0) {
      const std::string log = home_ + "/sshd.log";
      std::freopen(log.c_str(), "w", stderr);
      ::execl(sshd_path, sshd_path, "-D", "-e", "-f", config.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    const auto start = std::chrono::steady_clock::now();
    while (!accepts(port_)) {
      int st = 0;
      if (::waitpid(pid_, &st, WNOHANG) == pid_) {
        pid_ = -1;
        why_ = "sshd did not start: " + read_text(home_ + "/sshd.log");
        return;
      }
      if (std::chrono::steady_clock::now() - start > std::chrono::seconds(10)) {
        why_ = "sshd did not accept connections within 10 s";
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  ~SshServer() { stop(); }
  SshServer(const SshServer&) = delete;
  SshServer& operator=(const SshServer&) = delete;

  /// Stops the server (a host that goes down).
  void stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    int st = 0;
    ::waitpid(pid_, &st, 0);
    pid_ = -1;
  }
  bool ok() const { return why_.empty(); }
  const std::string& why() const { return why_; }
  const std::string& name() const { return name_; }
  int port() const { return port_; }
  /// The XDG_CACHE_HOME of its sessions: hwbench's binary cache is `cache()/hwbench`.
  const std::string& cache() const { return cache_; }
  /// The TMPDIR of its sessions: where `mktemp -d` makes hwbench's run directories.
  const std::string& tmp() const { return tmp_; }
  /// Its Host block for the client configuration.
  std::string client_block() const {
    return "Host " + name_ + "\n  HostName 127.0.0.1\n  Port " + std::to_string(port_) + "\n  User " + current_user() +
           "\n  IdentityFile " + home_ + "/user_key\n  IdentitiesOnly yes\n  UserKnownHostsFile " + home_ +
           "/known_hosts\n  GlobalKnownHostsFile /dev/null\n";
  }
  /// Writes its known_hosts: the host key it was given, under the name ssh looks it up by.
  void write_known_hosts() const {
    write_text(home_ + "/known_hosts",
               "[127.0.0.1]:" + std::to_string(port_) + " " + read_text(home_ + "/host_key.pub"));
  }

 private:
  std::string name_, home_, cache_, tmp_, why_;
  int port_ = 0;
  pid_t pid_ = -1;
};

/// Writes the client configuration for `servers` to `path` (each server's known_hosts too):
/// HWBENCH_SSH="ssh -F PATH" then reaches each by its name.
inline void write_client_config(const std::string& path, const std::vector<const SshServer*>& servers,
                                const std::string& extra = "") {
  std::string text = extra;
  for (const auto* s : servers) {
    s->write_known_hosts();
    text += s->client_block();
  }
  write_text(path, text);
}

}  // namespace hwbench::test
