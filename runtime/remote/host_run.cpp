#include "runtime/remote/host_run.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "base/platform/whole_file.hpp"
#include "runtime/remote/shell_quote.hpp"
#include "runtime/remote/ssh_session.hpp"

namespace hwbench::runtime::remote {

namespace {

/// The line the run script writes to stderr just before hwbench starts: what ssh and the script
/// said before it is the session's own business, what comes after is the run's.
constexpr const char* start_marker = "hwbench-remote-start";

/// The `uname -m` values that name each architecture, as a `case` pattern.
std::string machine_pattern(const std::string& arch) {
  if (arch == "aarch64") return "aarch64|arm64";
  if (arch == "armhf") return "armv7l|armv6l|armhf";
  if (arch == "armel") return "armv5tel|armv5tejl|armel";
  return arch;
}

std::string cache_expression(const Host& host) {
  // Expanded by the host's shell: the cache follows the host's own XDG_CACHE_HOME or HOME.
  return host.cache.empty() ? std::string("${XDG_CACHE_HOME:-$HOME/.cache}/hwbench") : shell_quote(host.cache);
}

/// The cause of a failed session: ssh's own message (or the remote command's) when it gave one.
std::string session_cause(const std::vector<std::string>& lines, int exit_code, const std::string& fallback) {
  for (const auto& l : lines)
    if (!l.empty() && !l.starts_with("Warning: ")) return l;
  if (exit_code < 0) return fallback + " (ssh was ended by a signal)";
  return fmt::format("{} (ssh exited with {})", fallback, exit_code);
}

/// The run there printed `hwbench-status CODE MACHINE`, then `hwbench-file SIZE NAME` blocks,
/// then `hwbench-end`.
struct RunAnswer {
  bool need_binary = false;  ///< hwbench-need MACHINE CACHE: the binary is not cached
  std::string machine, cache;
  std::optional<int> status;
  std::map<std::string, std::string> files;  ///< each block that came whole
  bool complete = false;                     ///< hwbench-end came: nothing of the answer was lost
};

bool take_line(std::string_view& text, std::string& line) {
  const auto nl = text.find('\n');
  if (nl == std::string_view::npos) return false;
  line = std::string(text.substr(0, nl));
  text.remove_prefix(nl + 1);
  return true;
}

RunAnswer read_answer(std::string_view text) {
  RunAnswer a;
  std::string line;
  while (take_line(text, line)) {
    std::istringstream words(line);
    std::string tag;
    words >> tag;
    if (tag == "hwbench-need") {
      a.need_binary = true;
      words >> a.machine;
      std::getline(words >> std::ws, a.cache);
    } else if (tag == "hwbench-status") {
      int code = 0;
      if (words >> code) a.status = code;
      words >> a.machine;
    } else if (tag == "hwbench-file") {
      std::size_t size = 0;
      std::string name;
      if (!(words >> size >> name) || size > text.size()) break;
      a.files[name] = std::string(text.substr(0, size));
      text.remove_prefix(size);
    } else if (tag == "hwbench-end") {
      a.complete = true;
    }
  }
  return a;
}

/// The line that says why the run there did not complete: the first `error:` of a refused
/// recipe, hwbench's own first `hwbench:` line otherwise, else the last line it printed.
std::string run_cause(const std::vector<std::string>& lines, int code) {
  if (code == 1)
    for (const auto& l : lines)
      if (l.find(": error: ") != std::string::npos) return "the recipe was refused there: " + l;
  for (const auto& l : lines)
    if (l.starts_with("hwbench: ")) return l.substr(9);
  if (!lines.empty()) return lines.back();
  return fmt::format("hwbench exited with {} there", code);
}

}  // namespace

std::string run_script(const Host& host, const HostBinaries& binaries, const RunRequest& request) {
  std::string s = "a=$(uname -m) || exit 1\ncase \"$a\" in\n";
  for (const auto& b : binaries.binaries)
    s += fmt::format("  {}) h={} ;;\n", machine_pattern(b.arch), shell_quote(b.hash));
  s += "  *) h= ;;\nesac\n";
  s += "c=" + cache_expression(host) + "\n";
  s += fmt::format("b=\"$c\"/{}-\"$h\"/hwbench\n", shell_quote(request.version));
  // Each line of the answer starts a line of its own: a login script may have printed text
  // without a newline (a terminal title) before it.
  s += "if [ -z \"$h\" ] || [ ! -x \"$b\" ]; then printf '\\nhwbench-need %s %s\\n' \"$a\" \"$c\"; exit 0; fi\n";
  s += "d=$(mktemp -d \"${TMPDIR:-/tmp}/hwbench-run.XXXXXX\") || exit 1\n";
  s += fmt::format("echo {} >&2\n", start_marker);
  std::vector<std::string> words{"run", "--remote-session", "-o", "result.json"};
  words.insert(words.end(), request.run_words.begin(), request.run_words.end());
  for (const auto& l : host.locations) words.insert(words.end(), {"-L", l});
  words.push_back(request.recipe);
  // TMPDIR inside the run directory, as a Slurm task's: the built-in location `tmp` goes with it
  // when the directory is removed, even after hwbench there was killed.
  s += "cd \"$d\" && TMPDIR=\"$d\" \"$b\" " + shell_words(words) + " >reports.txt\n";
  // From here on the session may be gone (the client killed): a write to it must fail, not end
  // the script before it removes the run directory.
  s += "r=$?\ntrap '' PIPE\n";
  s += "printf '\\nhwbench-status %s %s\\n' \"$r\" \"$a\"\n";
  s += "for f in result.json reports.txt; do\n";
  s += "  if [ -f \"$d/$f\" ]; then printf 'hwbench-file %s %s\\n' $(wc -c <\"$d/$f\") \"$f\"; cat \"$d/$f\"; fi\n";
  s += "done\n";
  s += "printf '\\nhwbench-end\\n'\n";
  s += "cd / && rm -rf \"$d\"\n";
  return s;
}

std::string copy_script(const std::string& dir, std::uint64_t size) {
  const std::string q = shell_quote(dir);
  // mktemp, not $$: hosts sharing a home over NFS may have the same pid for two copies.
  const std::string t = "\"$t\"";
  return fmt::format(
      "umask 022 && mkdir -p {0} && t=$(mktemp {0}/.hwbench-copy.XXXXXX) && cat >{1} && [ \"$(wc -c <{1})\" -eq {2} ] "
      "&& chmod 755 {1} && mv -f {1} {0}/hwbench || "
      "{{ [ -n \"$t\" ] && rm -f {1}; echo 'the copy of hwbench did not arrive whole' >&2; exit 1; }}",
      q, t, size);
}

namespace {

/// One session that ran the run script: how it ended, and what hwbench's side printed to stderr
/// before the start marker (ssh's and the script's) and after it (the run's).
struct RunSession {
  SessionEnd end;
  std::vector<std::string> before, during;
  bool started = false;  ///< the start marker came: hwbench ran there
};

RunSession run_script_session(const Host& host, const RunRequest& request, const std::string& command,
                              const std::atomic<bool>* interrupted,
                              const std::function<void(const std::string&)>& progress) {
  RunSession session;
  SessionInput io;
  io.input = request.bundle;
  io.keep_open = true;
  io.interrupted = interrupted;
  io.on_stderr_line = [&](const std::string& line) {
    if (!session.started && line == start_marker) {
      session.started = true;
      return;
    }
    (session.started ? session.during : session.before).push_back(line);
    if (session.started && progress) progress(line);
  };
  session.end = run_session(ssh_argv(request.ssh_client, host.destination, command), io);
  return session;
}

/// A binary to copy to a host, and its bytes.
struct BinaryCopy {
  const DistBinary* binary = nullptr;
  std::string bytes;
};

/// The binary for the host's `machine`, read; nothing, with `out.error` set, when there is none
/// for its architecture or it cannot be read.
std::optional<BinaryCopy> binary_for(const std::string& machine, const HostBinaries& binaries,
                                     const RunRequest& request, HostRun& out) {
  const auto arch = dist_arch(machine);
  const DistBinary* binary = nullptr;
  for (const auto& b : binaries.binaries)
    if (arch && b.arch == *arch) binary = &b;
  if (binary == nullptr) {
    out.error = missing_binary_message(arch.value_or(""), machine, binaries.dirs, request.version);
    return std::nullopt;
  }
  auto bytes = platform::read_whole_file(binary->path);
  if (!bytes || bytes->size() != binary->size) {
    out.error = fmt::format("cannot read {}", binary->path);
    return std::nullopt;
  }
  return BinaryCopy{binary, std::move(*bytes)};
}

/// Copies the binary of the host's architecture into the cache its answer named; false, with
/// `out.error` set, when it could not.
bool copy_binary(const Host& host, const HostBinaries& binaries, const RunRequest& request, const RunAnswer& answer,
                 const std::atomic<bool>* interrupted, const std::function<void(const std::string&)>& progress,
                 HostRun& out) {
  auto read = binary_for(answer.machine, binaries, request, out);
  if (!read) return false;
  const DistBinary* binary = read->binary;
  if (progress)
    progress(fmt::format("copying {} ({:.1f} MB) into its cache",
                         std::filesystem::path(binary->path).filename().string(),
                         static_cast<double>(binary->size) / 1e6));
  SessionInput copy;
  copy.input = std::move(read->bytes);
  copy.interrupted = interrupted;
  std::vector<std::string> said;
  copy.on_stderr_line = [&](const std::string& line) { said.push_back(line); };
  ++out.sessions;
  const std::string dir = fmt::format("{}/{}-{}", answer.cache, request.version, binary->hash);
  const SessionEnd copied =
      run_session(ssh_argv(request.ssh_client, host.destination, copy_script(dir, binary->size)), copy);
  if (copied.exit_code == 0) return true;
  if (interrupted && interrupted->load())
    out.error = "interrupted while hwbench was copied there (the copy was dropped)";
  else
    out.error = "cannot copy hwbench there: " + session_cause(said, copied.exit_code, "the copy failed");
  return false;
}

}  // namespace

HostRun run_on_host(const Host& host, const HostBinaries& binaries, const RunRequest& request,
                    const std::atomic<bool>* interrupted, const std::function<void(const std::string&)>& progress) {
  HostRun out;
  const std::string script = run_script(host, binaries, request);
  // sh -c: the script is the one argument the host's login shell passes on.
  const std::string command = "sh -c " + shell_quote(script);
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (interrupted && interrupted->load()) {
      out.error = "interrupted before the run started there";
      return out;
    }
    ++out.sessions;
    const RunSession session = run_script_session(host, request, command, interrupted, progress);
    if (!session.end.start_error.empty()) {
      out.error = session.end.start_error;
      return out;
    }
    const RunAnswer answer = read_answer(session.end.out);
    if (!answer.machine.empty()) out.machine = answer.machine;
    if (answer.status) {
      out.remote_exit = *answer.status;
      if (auto r = answer.files.find("result.json"); r != answer.files.end()) out.result = r->second;
      if (auto r = answer.files.find("reports.txt"); r != answer.files.end()) out.reports = r->second;
      if (*answer.status != 0)
        out.error = run_cause(session.during, *answer.status);
      else if (!answer.complete)
        // The files that came whole are kept; the host is not counted as one that ran through.
        out.error = session_cause({}, session.end.exit_code, "the connection was lost while its answer came");
      return out;
    }
    if (interrupted && interrupted->load() && session.end.exit_code < 0) {
      out.error = fmt::format("interrupted, and no answer came within {:g} s: its ssh was ended",
                              SessionInput{}.interrupt_grace_seconds);
      return out;
    }
    if (session.started) {
      out.error = session_cause({}, session.end.exit_code, "the connection was lost during the run");
      return out;
    }
    if (!answer.need_binary) {
      out.error = session_cause(session.before, session.end.exit_code, "the session ended before the run started");
      return out;
    }
    if (attempt == 1) {
      out.error = "the binary copied there is not found in its cache";
      return out;
    }
    // Not cached there: copy the binary of its architecture, then ask again.
    if (!copy_binary(host, binaries, request, answer, interrupted, progress, out)) return out;
    out.copied = true;
  }
  return out;
}

}  // namespace hwbench::runtime::remote
