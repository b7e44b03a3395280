#include "runtime/run/group_runner.hpp"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <vector>

#include <fmt/format.h>

namespace hwbench::runtime::run {

namespace {

std::string where(const GroupRun& run, const plan::Step& s) {
  return fmt::format("{}:{}:{}: {}", run.recipe_file, s.loc.line, s.loc.column, s.kernel.text);
}

/// What a worker sends back through its pipe.
struct WorkerReport {
  std::uint64_t bytes = 0;
  std::uint64_t ops = 0;
  std::uint64_t units = 0;
  std::int64_t max_latency_ns = 0;
  int failed = 0;
  char message[480] = {};
};

bool write_all(int fd, const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

bool read_all(int fd, void* data, std::size_t n) {
  char* p = static_cast<char*>(data);
  while (n > 0) {
    ssize_t r = ::read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    p += r;
    n -= static_cast<std::size_t>(r);
  }
  return true;
}

/// Runs a list of steps in this process, in order: a worker's statements, or a `repeat` loop
/// inside `time`. Every kernel object is made first, so that buffers are ready before the clock
/// (or the workers' common start); a statement is prepared when its turn comes, after the ones
/// before it ran (`write F; rm F` must see F). Inside a loop each pass prepares and runs every
/// statement again, and each is finished once, after the last pass.
class StepRunner {
 public:
  StepRunner(const GroupRun& run, const std::vector<plan::Step>& steps) : run_(run) { make_all(steps); }

  /// Runs `steps`; throws what a kernel threw, with current() naming the statement.
  void run(const std::vector<plan::Step>& steps, Tally& totals) {
    for (const auto& s : steps) execute(s, false, totals);
  }

  /// The statement running (or being made) when an exception left run() or the constructor.
  const plan::Step* current() const { return current_; }

 private:
  void make_all(const std::vector<plan::Step>& steps) {
    for (const auto& s : steps) {
      current_ = &s;
      if (s.kind == plan::Step::Kind::kernel)
        made_[&s] = s.kernel.spec->make(s.kernel.call, run_.context);
      else if (s.kind == plan::Step::Kind::repeat)
        make_all(s.children);
    }
  }

  void execute(const plan::Step& s, bool in_loop, Tally& totals) {
    current_ = &s;
    if (s.kind == plan::Step::Kind::kernel) {
      kernels::Kernel& k = *made_.at(&s);
      k.prepare();
      // Not timed one by one: a worker's span, or a loop timed whole, holds every statement.
      totals += run_.loop.run(k, s.kernel.policy);
      if (!in_loop) k.finish();
      return;
    }
    for (std::uint64_t pass = 0; pass < s.count; ++pass) {
      if (run_.context.interrupted && run_.context.interrupted->load())
        throw kernels::KernelError("interrupted by a signal");
      for (const auto& c : s.children) execute(c, true, totals);
    }
    finish_all(s.children);
  }

  void finish_all(const std::vector<plan::Step>& steps) {
    for (const auto& c : steps) {
      if (c.kind == plan::Step::Kind::kernel)
        made_.at(&c)->finish();
      else
        finish_all(c.children);
    }
  }

  const GroupRun& run_;
  std::map<const plan::Step*, std::unique_ptr<kernels::Kernel>> made_;
  const plan::Step* current_ = nullptr;
};

std::string where_any(const GroupRun& run, const plan::Step& s) {
  if (s.kind == plan::Step::Kind::kernel) return where(run, s);
  return fmt::format("{}:{}:{}: repeat {}", run.recipe_file, s.loc.line, s.loc.column, s.count);
}

/// The body of one worker process. Never returns.
[[noreturn]] void worker_main(const GroupRun& run, const std::vector<plan::Step>& steps, int go_fd, int report_fd) {
  WorkerReport rep;
  std::unique_ptr<StepRunner> runner;
  try {
    runner = std::make_unique<StepRunner>(run, steps);
    char go = 0;
    // The start signal is the parent closing its end: EOF wakes every worker at once.
    while (::read(go_fd, &go, 1) < 0 && errno == EINTR) {
    }
    Tally t;
    runner->run(steps, t);
    rep.bytes = t.bytes;
    rep.ops = t.ops;
    rep.units = t.units;
    rep.max_latency_ns = t.max_latency_ns;
  } catch (const std::exception& e) {
    rep.failed = 1;
    const plan::Step* at = runner ? runner->current() : (steps.empty() ? nullptr : &steps.front());
    std::string msg = at ? fmt::format("{}: {}", where_any(run, *at), e.what()) : e.what();
    std::strncpy(rep.message, msg.c_str(), sizeof(rep.message) - 1);
  }
  write_all(report_fd, &rep, sizeof rep);
  ::_exit(rep.failed ? 1 : 0);
}

/// Adds one timed part of a `time` block to its sample.
void add_part(model::Sample& s, const Elapsed& e, const Tally& t) {
  s.wall_ns += e.wall_ns;
  s.cpu = s.cpu + e.cpu;
  s.bytes += t.bytes;
  s.ops += t.ops;
  s.units += t.units;
  s.max_latency_ns = std::max(s.max_latency_ns, t.max_latency_ns);
}

/// What a sample did, as a tally.
Tally group_tally_of(const model::Sample& s) { return {s.units, s.bytes, s.ops, s.max_latency_ns}; }

/// A started worker process and the read end of its report pipe.
struct Worker {
  pid_t pid = -1;
  int report_fd = -1;
};

/// Reads every worker's report as it arrives, until each has reported or closed its pipe (it
/// exited). poll() returns on a signal even under SA_RESTART, so Ctrl-C or SIGTERM given to
/// hwbench alone reaches the workers: they are asked to stop (SIGTERM) instead of being waited
/// for until their loops end. The report fds are closed here.
void await_workers(const std::vector<Worker>& workers, std::vector<WorkerReport>& reports, std::vector<bool>& got,
                   const std::atomic<bool>* interrupted) {
  std::vector<pollfd> fds;
  for (const auto& w : workers) fds.push_back({w.report_fd, POLLIN, 0});
  std::size_t open = fds.size();
  bool forwarded = false;
  while (open > 0) {
    if (!forwarded && interrupted && interrupted->load()) {
      for (std::size_t w = 0; w < workers.size(); ++w)
        if (fds[w].fd >= 0) ::kill(workers[w].pid, SIGTERM);
      forwarded = true;
    }
    // The timeout only closes the gap between the check above and poll(): a signal landing
    // there is seen a moment later. It does not end the wait, so it costs the timing nothing.
    int n = ::poll(fds.data(), fds.size(), 100);
    if (n < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (std::size_t w = 0; w < fds.size(); ++w) {
      if (fds[w].fd < 0 || fds[w].revents == 0) continue;
      // A report is small (well under PIPE_BUF) and written once, so it arrives whole.
      got[w] = read_all(fds[w].fd, &reports[w], sizeof reports[w]);
      ::close(fds[w].fd);
      fds[w].fd = -1;
      --open;
    }
  }
  for (auto& f : fds)
    if (f.fd >= 0) ::close(f.fd);
}

}  // namespace

GroupResult run_time_group(GroupRun& run, const plan::Step& step) {
  GroupResult out;
  model::Sample& s = out.sample;
  out.params.kernel = "time";
  s.start_unix_ns = run.clock.unix_ns();
  for (const auto& child : step.children) {
    if (child.kind == plan::Step::Kind::parallel) {
      // The workers' own span, from the start signal to the last exit; their CPU is cusr/csys.
      GroupResult inner = run_parallel_group(run, child);
      if (!inner.error.empty()) {
        out.error = std::move(inner.error);
        return out;
      }
      add_part(s, {inner.sample.wall_ns, inner.sample.cpu}, group_tally_of(inner.sample));
      // Every parallel block of the sample is named, in turn: "4+2" for two blocks of 4 and 2.
      std::string& workers = out.params.params["workers"];
      workers = workers.empty() ? inner.params.params["workers"] : workers + "+" + inner.params.params["workers"];
      continue;
    }
    try {
      if (child.kind == plan::Step::Kind::kernel) {
        // Only the run is timed; the kernel's set-up and clean-up stay outside the sample.
        auto k = child.kernel.spec->make(child.kernel.call, run.context);
        k->prepare();
        const model::Sample part = run.loop.measure(*k, child.kernel.policy);
        k->finish();
        add_part(s, {part.wall_ns, part.cpu}, group_tally_of(part));
      } else {
        // A loop is timed whole, each pass's preparation included, as a script's loop is.
        const std::vector<plan::Step> one{child};
        StepRunner runner(run, one);
        Tally t;
        Elapsed took;
        try {
          took = run.loop.time([&] { runner.run(one, t); });
        } catch (const std::exception& e) {
          out.error = fmt::format("{}: {}", where_any(run, *runner.current()), e.what());
          return out;
        }
        add_part(s, took, t);
      }
    } catch (const std::exception& e) {
      out.error = fmt::format("{}: {}", where_any(run, child), e.what());
      return out;
    }
  }
  return out;
}

GroupResult run_parallel_group(GroupRun& run, const plan::Step& step) {
  GroupResult out;
  model::Sample& s = out.sample;
  out.params = {"parallel", {{"workers", std::to_string(step.workers.size())}}};
  int go[2];
  if (::pipe(go) != 0) {
    out.error = fmt::format("parallel: cannot create a pipe: {}", std::strerror(errno));
    return out;
  }
  std::vector<Worker> workers;
  std::cout.flush();
  std::cerr.flush();
  for (std::size_t w = 0; w < step.workers.size(); ++w) {
    int rp[2];
    if (::pipe(rp) != 0) {
      out.error = fmt::format("parallel: cannot create a pipe: {}", std::strerror(errno));
      break;
    }
    pid_t pid = ::fork();
    if (pid == 0) {
      ::close(go[1]);
      ::close(rp[0]);
      for (const auto& other : workers) ::close(other.report_fd);
      worker_main(run, step.workers[w], go[0], rp[1]);
    }
    ::close(rp[1]);
    if (pid < 0) {
      ::close(rp[0]);
      out.error = fmt::format("parallel: cannot start worker {}: {}", w + 1, std::strerror(errno));
      break;
    }
    workers.push_back({pid, rp[0]});
  }
  ::close(go[0]);
  s.start_unix_ns = run.clock.unix_ns();
  platform::CpuTimes c0 = run.clock.cpu();
  std::int64_t t0 = run.clock.now_ns();
  ::close(go[1]);  // go: every worker's read returns now
  std::vector<int> statuses(workers.size(), 0);
  std::vector<WorkerReport> reports(workers.size());
  std::vector<bool> got(workers.size(), false);
  await_workers(workers, reports, got, run.context.interrupted);
  for (std::size_t w = 0; w < workers.size(); ++w) {
    while (::waitpid(workers[w].pid, &statuses[w], 0) < 0 && errno == EINTR) {
    }
  }
  std::int64_t t1 = run.clock.now_ns();
  platform::CpuTimes c1 = run.clock.cpu();
  s.wall_ns = t1 - t0;
  s.cpu = c1 - c0;
  for (std::size_t w = 0; w < workers.size(); ++w) {
    const WorkerReport& rep = reports[w];
    int st = statuses[w];
    if (!out.error.empty()) continue;
    if (WIFSIGNALED(st)) {
      out.error = fmt::format("parallel worker {} of {} was killed by signal {} ({})", w + 1, workers.size(),
                              WTERMSIG(st), ::strsignal(WTERMSIG(st)));
    } else if (!got[w]) {
      out.error = fmt::format("parallel worker {} of {} exited with status {} without reporting", w + 1, workers.size(),
                              WEXITSTATUS(st));
    } else if (rep.failed) {
      out.error = fmt::format("parallel worker {} of {} failed: {}", w + 1, workers.size(), rep.message);
    } else {
      s.bytes += rep.bytes;
      s.ops += rep.ops;
      s.units += rep.units;
      s.max_latency_ns = std::max(s.max_latency_ns, rep.max_latency_ns);
    }
  }
  return out;
}

}  // namespace hwbench::runtime::run
