#include "kernels/command/command.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <sstream>

#include <fmt/format.h>

#include "base/platform/clock.hpp"
#include "base/support/system_text.hpp"

namespace hwbench::kernels::command {

namespace {

std::vector<std::string> argv_for(bool shell, const Call& call) {
  if (shell) return {std::string(shell_path), "-c", call.args.empty() ? "" : call.args.front().text};
  std::vector<std::string> argv;
  for (const auto& a : call.args) argv.push_back(a.text);
  if (!call.args.empty() && !call.args.front().path.empty()) argv.front() = call.args.front().path;
  return argv;
}

std::vector<int> accepted_codes(const std::string& text) {
  std::vector<int> codes;
  std::istringstream in(text);
  for (std::string code; std::getline(in, code, ',');) codes.push_back(std::atoi(code.c_str()));
  if (codes.empty()) codes.push_back(0);
  return codes;
}

/// The shell's start-up as last measured, for runs with a cgroup each and without.
struct ShellStartup {
  std::int64_t wall_ns = 0, usr_ns = 0, sys_ns = 0;
  std::int64_t measured_at_ns = -1;  ///< monotonic; -1: never
};

/// A measurement this recent is taken again by the next statement: statements made together (an
/// `interleave` block's, which take turns) get one correction, so that what tells them apart is
/// their programs, not which of them measured the shell on a colder system.
constexpr std::int64_t shell_startup_reuse_ns = 10'000'000'000;

std::mutex shell_startup_mutex;
std::array<ShellStartup, 2> shell_startups;  ///< [0] without, [1] with tree accounting

bool exited_as_accepted(const std::vector<int>& codes, const platform::ChildOutcome& out) {
  return !out.timed_out && out.signal == 0 && std::find(codes.begin(), codes.end(), out.exit_code) != codes.end();
}

class CommandKernel : public Kernel {
 public:
  CommandKernel(bool shell, const Call& call, const Context& context)
      : child_(program_spec(call)), shell_(shell), context_(context) {
    child_.argv = argv_for(shell, call);
    child_.stdin_path = call.text(std::string(option::stdin_file));
    child_.output_cap = static_cast<std::size_t>(call.number(std::string(option::output_cap)));
    child_.interrupted = context.interrupted;
    // A cgroup of its own per run costs a few tenths of a millisecond: asked for, not by default.
    child_.tree_accounting = call.flag(std::string(option::tree));
    accepted_ = accepted_codes(call.text(std::string(option::exit_codes)));
    ignore_failure_ = call.flag(std::string(option::ignore_failure));
    skip_missing_ = call.text(std::string(option::missing)) == "skip";
    program_ = call.args.empty() ? std::string() : call.args.front().text;
    // The checker binds a program it found to its path; none means missing, a bare name or a path.
    missing_ = !shell && (call.args.empty() || call.args.front().path.empty());
    if (const auto bytes = call.params.find(std::string(option::bytes)); bytes != call.params.end())
      bytes_per_run_ = static_cast<std::uint64_t>(bytes->second.number);
  }

  void prepare() override {
    if (missing_) {
      const std::string why = program_.find('/') == std::string::npos
                                  ? fmt::format("{} is not installed (not found in PATH)", program_)
                                  : fmt::format("{} is not installed (not an executable file)", program_);
      if (skip_missing_) throw KernelUnavailable(why);
      throw KernelError(why);
    }
    if (corrects_startup() && !startup_measured_) measure_shell_startup();
  }

  Work run(std::uint64_t n) override {
    Work work;
    for (std::uint64_t i = 0; i < n; ++i) {
      platform::ChildOutcome out = platform::run_child(child_);
      last_ = std::move(out);
      if (last_->interrupted) return work;  // Ctrl-C: the runtime drops this sample
      judge(*last_);
      work.ops += 1;
      work.bytes += bytes_per_run_;
      ProgramUse& p = use_;
      if (use_runs_++ == 0) p.tree_usr_ns = p.tree_sys_ns = 0;
      p.max_rss_kb = std::max(p.max_rss_kb, last_->max_rss_kb);
      if (last_->tree && p.tree_usr_ns >= 0) {
        p.tree_usr_ns += last_->tree->usr_ns;
        p.tree_sys_ns += last_->tree->sys_ns;
      } else {
        p.tree_usr_ns = p.tree_sys_ns = -1;
      }
      if (corrects_startup()) {
        p.overhead_ns += startup_wall_ns_;
        p.overhead_usr_ns += startup_usr_ns_;
        p.overhead_sys_ns += startup_sys_ns_;
      }
    }
    return work;
  }

  std::map<std::string, std::string> notes() const override {
    std::map<std::string, std::string> n;
    n["cpu_source"] = last_ && last_->tree ? fmt::format("cgroup v2 {} (the whole process tree)", last_->tree->cgroup)
                                           : "wait4 (the program and the children it waited for)";
    if (corrects_startup()) n["shell_startup_ns"] = std::to_string(startup_wall_ns_);
    return n;
  }

  const platform::ChildOutcome* last_program() const override { return last_ ? &*last_ : nullptr; }

  ProgramUse take_program_use() override {
    ProgramUse use = use_;
    use_ = {};
    use_runs_ = 0;
    return use;
  }

 private:
  /// Whether the shell's start-up is measured and taken out of each run: `sh`, outside `time`
  /// and `parallel`.
  bool corrects_startup() const { return shell_ && !context_.whole_programs; }

  void judge(const platform::ChildOutcome& out) const {
    if (out.timed_out) throw KernelError(fmt::format("{} {}{}", program_, out.describe(), failure_tail(out)));
    if (ignore_failure_) return;
    if (!exited_as_accepted(accepted_, out))
      throw KernelError(fmt::format("{} {}{}", program_, out.describe(), failure_tail(out)));
  }

  // hyperfine's correction: the mean of many empty shells, taken out of every run.
  void measure_shell_startup() {
    const std::lock_guard<std::mutex> lock(shell_startup_mutex);
    ShellStartup& last = shell_startups[child_.tree_accounting ? 1 : 0];
    if (last.measured_at_ns >= 0 && platform::monotonic_ns() - last.measured_at_ns < shell_startup_reuse_ns) {
      startup_wall_ns_ = last.wall_ns;
      startup_usr_ns_ = last.usr_ns;
      startup_sys_ns_ = last.sys_ns;
      startup_measured_ = true;
      return;
    }
    platform::ChildSpec empty;
    empty.argv = {std::string(shell_path), "-c", ""};
    // As the runs are made (a cgroup of their own costs its share), and timed as a sample times
    // them, around the whole call (the pipes before the start, the cgroup's removal after the
    // end), so that it all comes out.
    empty.tree_accounting = child_.tree_accounting;
    empty.interrupted = context_.interrupted;
    std::int64_t wall = 0, usr = 0, sys = 0;
    int runs = 0;
    for (; runs < shell_startup_runs; ++runs) {
      const std::int64_t began = platform::monotonic_ns();
      const platform::ChildOutcome o = platform::run_child(empty);
      const std::int64_t took = platform::monotonic_ns() - began;
      if (o.interrupted) break;
      wall += took;
      usr += o.usr_ns;
      sys += o.sys_ns;
    }
    if (runs > 0) {
      startup_wall_ns_ = wall / runs;
      startup_usr_ns_ = usr / runs;
      startup_sys_ns_ = sys / runs;
      if (runs == shell_startup_runs)
        last = {startup_wall_ns_, startup_usr_ns_, startup_sys_ns_, platform::monotonic_ns()};
    }
    startup_measured_ = true;
  }

  platform::ChildSpec child_;
  bool shell_ = false;
  Context context_;
  std::vector<int> accepted_;
  bool ignore_failure_ = false;
  bool skip_missing_ = false;
  bool missing_ = false;
  std::string program_;
  std::uint64_t bytes_per_run_ = 0;  ///< `bytes SIZE`: what one run counts as; 0: runs only
  std::optional<platform::ChildOutcome> last_;
  ProgramUse use_;    ///< since the runtime last took it
  int use_runs_ = 0;  ///< runs in use_
  bool startup_measured_ = false;
  std::int64_t startup_wall_ns_ = 0, startup_usr_ns_ = 0, startup_sys_ns_ = 0;
};

// One row of the option table `hwbench list` shows (the checker binds the options itself).
ParamSpec option_row(std::string_view name, ParamType type, std::string unit, std::string default_text,
                     std::string help) {
  ParamSpec p;
  p.name = std::string(name);
  p.type = type;
  p.unit = std::move(unit);
  p.default_text = std::move(default_text);
  p.help = std::move(help);
  return p;
}

// A row with the bounds the checker enforces (the `hwbench list` range).
ParamSpec bounded(ParamSpec row, double min, double max) {
  row.min = min;
  row.max = max;
  return row;
}

// A choice's row with its words.
ParamSpec choosing(ParamSpec row, std::vector<std::string> choices) {
  row.choices = std::move(choices);
  return row;
}

std::vector<ParamSpec> command_params() {
  using enum ParamType;
  std::vector<ParamSpec> params = {
      option_row(option::timeout, duration, "s", "0s",
                 "end the run past this (SIGTERM to its process group, SIGKILL 2 s later): a failed sample; 0s: none"),
      option_row(option::cwd, word, "path", "hwbench's", "the working directory: a location or a path in one"),
      option_row(option::stdin_file, word, "path", "/dev/null", "the file read as standard input"),
      option_row(option::exit_codes, word, "", "0", "the exit codes that count as success: exit 1, exit [0, 1]"),
      option_row(option::ignore_failure, flag, "", "",
                 "a run that exits with another code, or is killed by a signal, is still a sample (hyperfine -i)"),
      option_row(option::tree, flag, "", "",
                 "count the whole process tree's CPU time in a cgroup v2 of each run's own (a daemonised grandchild "
                 "too), where hwbench may make one"),
      choosing(option_row(option::missing, choice, "", "error",
                          "a program that is not installed: a check error, or (skip) a series marked unavailable"),
               {"error", "skip"}),
      bounded(option_row(option::output_cap, size, "bytes", "1MiB",
                         "how much of each output stream is kept: its first and last halves, the cut marked"),
              1024, 1024.0 * 1024 * 1024),
      option_row(option::env, word, "", "none", "env \"NAME=VALUE\": a variable for the program (repeatable)"),
      option_row(option::reads, word, "path", "none",
                 "a file the program reads: must exist; `cold` evicts it (repeatable)"),
      option_row(option::writes, word, "path", "none",
                 "a file the program creates: claimed, removed after a failed run (repeatable)"),
      option_row(option::figure, word, "", "none",
                 "figure [\"LABEL\"] regex \"RE\" | json \"/POINTER\" unit U [scaled] [from stderr|PATH] [optional]: "
                 "a figure from the output (repeatable)"),
      option_row(option::import, word, "", "none",
                 "import nbench|openssl|bonnie|unixbench: the output as the tool's log"),
      option_row(option::prepare, word, "", "none", "prepare \"SHELL LINE\": run before each sample, untimed"),
      option_row(option::conclude, word, "", "none", "conclude \"SHELL LINE\": run after each sample, untimed"),
      bounded(option_row(option::bytes, size, "bytes", "none",
                         "the bytes one run counts as (dd's bs × count, the files cp copies): rates become byte rates"),
              1, max_bytes_per_run),
  };
  return params;
}

KernelSpec command_spec(std::string_view name, std::string help, std::string synopsis, std::vector<ArgSpec> args) {
  KernelSpec spec;
  spec.name = std::string(name);
  spec.family = "command";
  spec.help = std::move(help);
  spec.lineage = "hyperfine's timed command (argv, -N) and its --prepare/--conclude";
  spec.synopsis = std::move(synopsis);
  spec.args = std::move(args);
  spec.params = command_params();
  spec.unit = WorkUnit::operations;
  spec.runs_programs = true;
  spec.effects = [](const Call&, const platform::FileView&) { return FileEffects{}; };
  const bool shell = name == shell_kernel;
  spec.make = [shell](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<CommandKernel>(shell, call, context);
  };
  return spec;
}

}  // namespace

std::string failure_tail(const platform::ChildOutcome& out) {
  const bool said = out.err.text.find_first_not_of(" \n\t") != std::string::npos;
  return support::last_lines(said ? out.err.text : out.out.text);
}

std::string env_param(std::string_view name) { return fmt::format("{}:{}", option::env, name); }

platform::ChildSpec program_spec(const Call& call) {
  platform::ChildSpec spec;
  spec.dir = call.text(std::string(option::cwd));
  spec.timeout_seconds = call.number(std::string(option::timeout));
  const std::string prefix = env_param("");
  for (const auto& [name, value] : call.params)
    if (name.starts_with(prefix)) spec.env_set.push_back(name.substr(prefix.size()) + "=" + value.text);
  return spec;
}

bool succeeded(const Call& call, const platform::ChildOutcome& out) {
  return exited_as_accepted(accepted_codes(call.text(std::string(option::exit_codes))), out);
}

bool is_command(const KernelSpec& spec) { return spec.family == "command"; }

std::vector<std::string> argv_of(const KernelSpec& spec, const Call& call) {
  return argv_for(spec.name == shell_kernel, call);
}

std::string display_argv(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& word : argv) {
    if (!out.empty()) out += ' ';
    const bool plain = !word.empty() && word.find_first_not_of(
                                            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789_-+=/.,:@%") == std::string::npos;
    if (plain) {
      out += word;
      continue;
    }
    out += '\'';
    for (char ch : word) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    out += '\'';
  }
  return out;
}

void register_kernels(Registry& registry) {
  ArgSpec program{"PROGRAM", ArgKind::word, "", "the program, then its arguments, each a word, string, number or path"};
  registry.add(
      command_spec(exec_kernel,
                   "runs a program from its argv (no shell), one sample a run: wall time from spawn to reaping, "
                   "the program's CPU time and peak memory; figures from its output (needs --allow-exec)",
                   "exec PROGRAM [ARG…] [OPTION…]", {program}));
  ArgSpec line{"LINE", ArgKind::word, "", "the command line, as /bin/sh -c runs it"};
  registry.add(command_spec(shell_kernel,
                            "runs a shell command line through /bin/sh -c, one sample a run, the shell's own start-up "
                            "measured apart and taken out as hyperfine does (needs --allow-exec)",
                            "sh \"LINE\" [OPTION…]", {line}));
}

}  // namespace hwbench::kernels::command
