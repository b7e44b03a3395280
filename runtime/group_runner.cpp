#include "runtime/group_runner.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <memory>
#include <vector>

#include <fmt/format.h>

namespace hwbench::runtime {

namespace {

std::string where(const GroupRun& run, const Step& s) {
  return fmt::format("{}:{}:{}: {}", run.recipe_file, s.loc.line, s.loc.column, s.kernel.text);
}

/// What a worker sends back through its pipe.
struct WorkerReport {
  std::uint64_t bytes = 0;
  std::uint64_t ops = 0;
  std::uint64_t units = 0;
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

/// The unit of work once, or (`for DURATION`) repeated in doubling batches until the duration
/// has passed, as `openssl speed -multi` has each child count for its seconds.
kernels::Work run_step(kernels::Kernel& k, const Step& step, Clock& clock, std::uint64_t& units) {
  const double seconds = step.kernel.policy.for_seconds;
  if (seconds <= 0) {
    units += 1;
    return k.run(1);
  }
  kernels::Work total;
  const std::int64_t deadline = clock.now_ns() + static_cast<std::int64_t>(seconds * 1e9);
  std::uint64_t batch = 1;
  for (;;) {
    const std::int64_t t0 = clock.now_ns();
    const auto w = k.run(batch);
    total.bytes += w.bytes;
    total.ops += w.ops;
    units += batch;
    const std::int64_t now = clock.now_ns();
    if (now >= deadline) break;
    if (now - t0 < 1'000'000 && batch < (1ULL << 40)) batch *= 2;
  }
  return total;
}

/// The body of one worker process. Never returns.
[[noreturn]] void worker_main(const GroupRun& run, const std::vector<Step>& steps, int go_fd, int report_fd) {
  WorkerReport rep;
  std::vector<std::unique_ptr<kernels::Kernel>> made;
  const Step* current = nullptr;
  try {
    for (const auto& s : steps) {
      current = &s;
      made.push_back(s.kernel.spec->make(s.kernel.call, run.context));
    }
    char go = 0;
    // The start signal is the parent closing its end: EOF wakes every worker at once.
    while (::read(go_fd, &go, 1) < 0 && errno == EINTR) {
    }
    for (std::size_t i = 0; i < steps.size(); ++i) {
      current = &steps[i];
      // Prepared in order, after the statements before it ran: `write F; rm F` must see F.
      made[i]->prepare();
      std::uint64_t units = 0;
      auto w = run_step(*made[i], steps[i], run.clock, units);
      if (steps[i].kernel.policy.sync) made[i]->flush();
      made[i]->finish();
      rep.bytes += w.bytes;
      rep.ops += w.ops;
      rep.units += units;
    }
  } catch (const std::exception& e) {
    rep.failed = 1;
    std::string msg = current ? fmt::format("{}: {}", where(run, *current), e.what()) : e.what();
    std::strncpy(rep.message, msg.c_str(), sizeof(rep.message) - 1);
  }
  write_all(report_fd, &rep, sizeof rep);
  ::_exit(rep.failed ? 1 : 0);
}

}  // namespace

GroupResult run_time_group(GroupRun& run, const Step& step) {
  GroupResult out;
  Sample& s = out.sample;
  s.kernel = "time";
  s.start_unix_ns = run.clock.unix_ns();
  for (const auto& child : step.children) {
    try {
      auto k = child.kernel.spec->make(child.kernel.call, run.context);
      k->prepare();
      CpuTimes c0 = run.clock.cpu();
      std::int64_t t0 = run.clock.now_ns();
      std::uint64_t units = 0;
      auto w = run_step(*k, child, run.clock, units);
      if (child.kernel.policy.sync) k->flush();
      std::int64_t t1 = run.clock.now_ns();
      CpuTimes c1 = run.clock.cpu();
      k->finish();
      s.wall_ns += t1 - t0;
      s.cpu = s.cpu + (c1 - c0);
      s.bytes += w.bytes;
      s.ops += w.ops;
      s.units += units;
    } catch (const std::exception& e) {
      out.error = fmt::format("{}: {}", where(run, child), e.what());
      return out;
    }
  }
  return out;
}

GroupResult run_parallel_group(GroupRun& run, const Step& step) {
  GroupResult out;
  Sample& s = out.sample;
  s.kernel = "parallel";
  s.params["workers"] = std::to_string(step.workers.size());
  int go[2];
  if (::pipe(go) != 0) {
    out.error = fmt::format("parallel: cannot create a pipe: {}", std::strerror(errno));
    return out;
  }
  struct Worker {
    pid_t pid = -1;
    int report_fd = -1;
  };
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
  CpuTimes c0 = run.clock.cpu();
  std::int64_t t0 = run.clock.now_ns();
  ::close(go[1]);  // go: every worker's read returns now
  std::vector<int> statuses(workers.size(), 0);
  for (std::size_t w = 0; w < workers.size(); ++w) {
    while (::waitpid(workers[w].pid, &statuses[w], 0) < 0 && errno == EINTR) {
    }
  }
  std::int64_t t1 = run.clock.now_ns();
  CpuTimes c1 = run.clock.cpu();
  s.wall_ns = t1 - t0;
  s.cpu = c1 - c0;
  for (std::size_t w = 0; w < workers.size(); ++w) {
    WorkerReport rep;
    bool got = read_all(workers[w].report_fd, &rep, sizeof rep);
    ::close(workers[w].report_fd);
    int st = statuses[w];
    if (!out.error.empty()) continue;
    if (WIFSIGNALED(st)) {
      out.error = fmt::format("parallel worker {} of {} was killed by signal {} ({})", w + 1, workers.size(),
                              WTERMSIG(st), ::strsignal(WTERMSIG(st)));
    } else if (!got) {
      out.error = fmt::format("parallel worker {} of {} exited with status {} without reporting", w + 1,
                              workers.size(), WEXITSTATUS(st));
    } else if (rep.failed) {
      out.error = fmt::format("parallel worker {} of {} failed: {}", w + 1, workers.size(), rep.message);
    } else {
      s.bytes += rep.bytes;
      s.ops += rep.ops;
      s.units += rep.units;
    }
  }
  return out;
}

}  // namespace hwbench::runtime
