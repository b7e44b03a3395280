#include "runtime/pipeline/ssh_launcher.hpp"

#include <csignal>
#include <cstdlib>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "runtime/pipeline/remote_launch.hpp"
#include "runtime/pipeline/run_recipe.hpp"  // utc_stamp
#include "runtime/remote/fleet_file.hpp"
#include "runtime/remote/host_run.hpp"
#include "runtime/remote/ssh_session.hpp"
#include "runtime/run/interrupt_guard.hpp"

namespace hwbench::runtime::pipeline {

namespace {

/// The hosts of the request: the fleet file's, then each --host's.
std::optional<std::vector<remote::Host>> gather_hosts(const SshHosts& request, std::ostream& log) {
  std::vector<remote::Host> hosts;
  if (!request.fleet_file.empty()) {
    std::string error;
    auto fleet = remote::load_fleet(request.fleet_file, error);
    if (!fleet) {
      log << error << "\n";
      return std::nullopt;
    }
    hosts = std::move(*fleet);
  }
  for (const auto& dest : request.destinations) {
    if (const std::string why = remote::destination_problem(dest); !why.empty()) {
      log << fmt::format("hwbench: --host: {}\n", why);
      return std::nullopt;
    }
    for (const auto& h : hosts) {
      if (h.name == dest) {
        log << fmt::format("hwbench: the host '{}' is named twice\n", dest);
        return std::nullopt;
      }
    }
    hosts.push_back(remote::Host{dest, dest, {}, "", ""});
  }
  // Each host's result file is named after it: two names that give one file name would write
  // one file, the second over the first.
  for (std::size_t i = 0; i < hosts.size(); ++i)
    for (std::size_t j = i + 1; j < hosts.size(); ++j)
      if (remote::file_name_part(hosts[i].name) == remote::file_name_part(hosts[j].name)) {
        log << fmt::format(
            "hwbench: the hosts '{}' and '{}' would write their results to one file name ('{}'); rename one\n",
            hosts[i].name, hosts[j].name, remote::file_name_part(hosts[i].name));
        return std::nullopt;
      }
  return hosts;
}

/// The static binaries for each host, looked for once per `dist` (hosts may name their own).
std::vector<remote::HostBinaries> host_binaries(const LaunchRequest& request, const std::vector<remote::Host>& hosts,
                                                std::ostream& log) {
  std::map<std::string, remote::HostBinaries> by_dist;
  std::vector<remote::HostBinaries> binaries;
  for (const auto& host : hosts) {
    const std::string& dist = host.dist.empty() ? request.dist : host.dist;
    auto it = by_dist.find(dist);
    if (it == by_dist.end()) it = by_dist.emplace(dist, find_binaries(request, dist, log)).first;
    binaries.push_back(it->second);
  }
  return binaries;
}

/// One session per host, side by side unless `serial`. Ctrl-C or SIGTERM sets the flag; each
/// session then closes its stdin, and the run on its host stops as after a Ctrl-C there. A
/// session that ends early leaves its input unread: that must be a failed write, not a SIGPIPE.
/// `done` takes each host's run as its session ends (under the log's lock): its result is
/// written then, not once the slowest host is done, so that a hwbench killed meanwhile loses
/// only the runs still going.
void run_sessions(const std::vector<remote::Host>& hosts, const std::vector<remote::HostBinaries>& binaries,
                  const remote::RunRequest& session, bool serial, const std::atomic<bool>* interrupted,
                  const std::function<void(std::size_t, const remote::HostRun&)>& done, std::ostream& log) {
  struct sigaction ignore {
  }, old_pipe{};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &old_pipe);
  std::mutex log_mutex;
  const auto run_one = [&](std::size_t i) {
    const remote::Host& host = hosts[i];
    const remote::HostRun run =
        remote::run_on_host(host, binaries[i], session, interrupted, [&](const std::string& line) {
          std::lock_guard<std::mutex> lock(log_mutex);
          log << host.name << ": " << line << "\n" << std::flush;
        });
    std::lock_guard<std::mutex> lock(log_mutex);
    if (!run.error.empty()) log << fmt::format("hwbench: {}: {}\n", host.name, run.error) << std::flush;
    done(i, run);
  };
  if (serial) {
    for (std::size_t i = 0; i < hosts.size(); ++i) run_one(i);
  } else {
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < hosts.size(); ++i) threads.emplace_back(run_one, i);
    for (auto& t : threads) t.join();
  }
  ::sigaction(SIGPIPE, &old_pipe, nullptr);
}

/// Runs the recipe on each host over its own ssh session.
class SshLauncher : public Launcher {
 public:
  explicit SshLauncher(SshHosts hosts) : hosts_(std::move(hosts)) {}
  std::string target_kind() const override { return "host"; }
  LoadFailure load_failure() const override { return failure_; }

  std::optional<LaunchOutcome> launch(const LaunchRequest& request, std::ostream& log) override {
    const auto hosts = gather_hosts(hosts_, log);
    if (!hosts) return std::nullopt;
    std::vector<TargetLocations> targets;
    for (const auto& h : *hosts) targets.push_back({h.name, h.locations});
    const auto prepared = prepare_remote_run(request, targets, log, failure_);
    if (!prepared) return std::nullopt;
    remote::RunRequest session;
    session.ssh_client = remote::ssh_client_words(std::getenv("HWBENCH_SSH"));
    session.version = request.version;
    session.bundle = prepared->bundle;
    session.recipe = prepared->recipe_name;
    session.run_words = prepared->run_words;
    const std::vector<remote::HostBinaries> binaries = host_binaries(request, *hosts, log);
    run::InterruptGuard guard;
    LaunchOutcome outcome;
    outcome.targets.resize(hosts->size());
    // One time for the whole command, so that the files of one comparison sort together.
    const std::string stamp = utc_stamp("%Y%m%dT%H%M%SZ");
    const auto done = [&](std::size_t i, const remote::HostRun& r) {
      outcome.targets[i] = collect_received(
          request, {(*hosts)[i].name, r.machine, r.result, r.reports, r.error, r.remote_exit}, stamp, log);
    };
    run_sessions(*hosts, binaries, session, request.serial, guard.flag(), done, log);
    for (const auto& target : outcome.targets)
      if (!target.error.empty()) outcome.all_complete = false;
    outcome.interrupted = guard.flag()->load();
    return outcome;
  }

 private:
  SshHosts hosts_;
  LoadFailure failure_ = LoadFailure::usage;
};

}  // namespace

std::unique_ptr<Launcher> ssh_launcher(SshHosts hosts) { return std::make_unique<SshLauncher>(std::move(hosts)); }

}  // namespace hwbench::runtime::pipeline
