#include "kernels/system/common/program.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "base/platform/file_descriptor.hpp"

extern char** environ;

namespace hwbench::kernels::system {

namespace {

// A pipe's two ends, both close-on-exec in hwbench.
struct PipeEnds {
  platform::FileDescriptor read;
  platform::FileDescriptor write;
};

PipeEnds make_pipe(const char* what) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw KernelError(fmt::format("cannot create a pipe for {}: {}", what, std::strerror(errno)));
  return {platform::FileDescriptor(fds[0]), platform::FileDescriptor(fds[1])};
}

std::string name_of(const std::string& entry) { return entry.substr(0, entry.find('=')); }

std::vector<std::string> environment_for(const ProgramRun& run) {
  std::vector<std::string> dropped = run.env_unset;
  for (const auto& e : run.env_set) dropped.push_back(name_of(e));
  std::vector<std::string> out;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    const std::string entry = *e;
    if (std::find(dropped.begin(), dropped.end(), name_of(entry)) == dropped.end()) out.push_back(entry);
  }
  out.insert(out.end(), run.env_set.begin(), run.env_set.end());
  return out;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (auto& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace

ProgramOutcome run_program(const ProgramRun& run) {
  if (run.argv.empty()) throw KernelError("no program to run");
  const std::string& program = run.argv.front();
  std::vector<std::string> args = run.argv;
  std::vector<std::string> env = environment_for(run);
  std::vector<char*> argv = pointers(args);
  std::vector<char*> envp = pointers(env);

  // The input goes into the pipe before the program starts: it fits in the pipe's buffer, and
  // a program that exits without reading it can then not raise SIGPIPE in hwbench.
  PipeEnds in = make_pipe(program.c_str());
  if (run.input.size() > 60000) throw KernelError(fmt::format("the input for {} is too long", program));
  for (std::size_t done = 0; done < run.input.size();) {
    const ssize_t n = ::write(in.write.get(), run.input.data() + done, run.input.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw KernelError(fmt::format("cannot write the input for {}: {}", program, std::strerror(errno)));
    done += static_cast<std::size_t>(n);
  }
  in.write.close();
  PipeEnds out = make_pipe(program.c_str());

  const pid_t pid = ::fork();
  if (pid < 0) throw KernelError(fmt::format("cannot start {}: fork: {}", program, std::strerror(errno)));
  if (pid == 0) {
    // Only async-signal-safe calls from here on: everything was prepared before the fork.
    if (!run.dir.empty() && ::chdir(run.dir.c_str()) != 0) ::_exit(126);
    if (::dup2(in.read.get(), 0) < 0 || ::dup2(out.write.get(), 1) < 0 || ::dup2(out.write.get(), 2) < 0) ::_exit(126);
    ::execve(program.c_str(), argv.data(), envp.data());
    ::_exit(127);
  }
  in.read.close();
  out.write.close();
  ProgramOutcome outcome;
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(out.read.get(), buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    outcome.output.append(buffer, static_cast<std::size_t>(n));
  }
  outcome.status = wait_for(pid);
  if (outcome.status == -1) throw KernelError(fmt::format("cannot wait for {}: {}", program, std::strerror(errno)));
  if (WIFEXITED(outcome.status) && WEXITSTATUS(outcome.status) == 127 && outcome.output.empty())
    throw KernelError(fmt::format("cannot run {}", program));
  return outcome;
}

Work run_program_units(const ProgramRun& run, std::uint64_t n, const Context& context, const ProgramJudge& judge) {
  Work work;
  for (std::uint64_t i = 0; i < n; ++i) {
    const ProgramOutcome out = run_program(run);
    const std::string problem = judge(out);
    if (!problem.empty()) {
      if (context.interrupted != nullptr && *context.interrupted) return work;
      throw KernelError(problem);
    }
    work.ops += 1;
  }
  return work;
}

std::string program_failure(const std::string& who, const ProgramOutcome& outcome) {
  return fmt::format("{} {}{}{}", who, describe_status(outcome.status), outcome.output.empty() ? "" : ": ",
                     outcome.output.substr(0, 400));
}

std::string find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return ::access(name.c_str(), X_OK) == 0 ? name : "";
  const char* path = std::getenv("PATH");
  const std::string dirs = path != nullptr && *path != '\0' ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  for (;;) {
    const std::size_t colon = dirs.find(':', start);
    const std::string dir = dirs.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    // An empty PATH entry is the current directory.
    const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + name;
    struct stat st {};
    if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(candidate.c_str(), X_OK) == 0)
      return candidate;
    if (colon == std::string::npos) return "";
    start = colon + 1;
  }
}

int wait_for(pid_t pid) {
  int status = 0;
  for (;;) {
    if (::waitpid(pid, &status, 0) == pid) return status;
    if (errno != EINTR) return -1;
  }
}

std::string describe_status(int status) {
  if (status == -1) return "could not be waited for";
  if (WIFEXITED(status)) return fmt::format("exited with status {}", WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return fmt::format("was killed by signal {} ({})", WTERMSIG(status), ::strsignal(WTERMSIG(status)));
  return fmt::format("ended with wait status {}", status);
}

bool succeeded(int status) { return WIFEXITED(status) && WEXITSTATUS(status) == 0; }

}  // namespace hwbench::kernels::system
