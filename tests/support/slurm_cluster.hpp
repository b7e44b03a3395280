#pragma once
// A real Slurm cluster for the tests of runs on Slurm nodes: Debian's munged, slurmctld and
// slurmd, started here as children with everything in a temporary directory (no systemd): a
// generated munge key and socket, a generated slurm.conf (SLURM_CONF points the clients at it),
// the state, spool, pid and log files. This machine is every node: one slurmd per node, each
// on a port of its own (`slurmd -N NAME`), each node with one CPU. The daemons are stopped, and
// any job left cancelled, when the cluster goes.
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/ssh_server.hpp"
#include "tests/support/temp_dir.hpp"

namespace hwbench::test {

/// Runs `command` through /bin/sh and returns what it printed on stdout.
inline std::string shell_output(const std::string& command) {
  std::string out;
  if (FILE* p = ::popen(command.c_str(), "r")) {
    char buf[4096];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    ::pclose(p);
  }
  return out;
}

class SlurmCluster {
 public:
  /// Starts munged, slurmctld and `nodes` slurmd (n1, n2, …) with their files in `dir`/slurm;
  /// ok() says whether the cluster is up (every node idle), why() why not.
  SlurmCluster(const std::string& dir, int nodes) : home_(dir + "/slurm") {
    for (const char* program : {"/usr/sbin/munged", "/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/bin/srun"}) {
      if (::access(program, X_OK) != 0) {
        why_ = std::string(program) + " is not installed (Debian packages munge, slurmctld, slurmd, slurm-client)";
        return;
      }
    }
    if (::getuid() != 0) {
      why_ = "slurmd must run as root to start jobs as their users";
      return;
    }
    for (const char* d : {"", "/munge", "/state", "/spool", "/log"}) ::mkdir((home_ + d).c_str(), 0700);
    if (!start_munge()) return;
    write_config(nodes);
    ::setenv("SLURM_CONF", conf_.c_str(), 1);
    pids_.push_back(start({"/usr/sbin/slurmctld", "-D", "-i", "-f", conf_}, home_ + "/log/slurmctld.out"));
    for (int i = 1; i <= nodes; ++i) {
      const std::string name = "n" + std::to_string(i);
      ::mkdir((home_ + "/spool/" + name).c_str(), 0700);
      node_names_.push_back(name);
      pids_.push_back(
          start({"/usr/sbin/slurmd", "-D", "-f", conf_, "-N", name}, home_ + "/log/slurmd-" + name + ".out"));
    }
    const auto start_time = std::chrono::steady_clock::now();
    while (idle_nodes() < nodes) {
      if (std::chrono::steady_clock::now() - start_time > std::chrono::seconds(30)) {
        why_ = "the Slurm nodes did not come up within 30 s: sinfo says '" + shell_output("sinfo -h -o '%N %T' 2>&1") +
               "'; slurmctld: " + read_text(home_ + "/log/slurmctld.log");
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  ~SlurmCluster() {
    if (!conf_.empty()) shell_ok("scancel --quiet --full --user=root >/dev/null 2>&1");
    for (auto it = pids_.rbegin(); it != pids_.rend(); ++it) stop(*it);
    if (munged_ > 0) stop(munged_);
    ::unsetenv("SLURM_CONF");
  }
  SlurmCluster(const SlurmCluster&) = delete;
  SlurmCluster& operator=(const SlurmCluster&) = delete;

  bool ok() const { return why_.empty(); }
  const std::string& why() const { return why_; }
  const std::vector<std::string>& nodes() const { return node_names_; }
  /// The jobs Slurm knows now, one `ID STATE NAME` line each.
  std::string jobs() const { return shell_output("squeue -h -o '%i %T %j' 2>&1"); }

 private:
  /// munged with a fresh key; false with why_ set when it does not answer.
  bool start_munge() {
    const std::string key = home_ + "/munge/munge.key";
    std::random_device rd;
    std::string bytes;
    for (int i = 0; i < 1024; ++i) bytes += static_cast<char>(rd() & 255);
    write_text(key, bytes);
    ::chmod(key.c_str(), 0600);
    socket_ = home_ + "/munge/munge.socket";
    munged_ = start({"/usr/sbin/munged", "-F", "-f", "--key-file=" + key, "--socket=" + socket_,
                     "--pid-file=" + home_ + "/munge/munged.pid", "--log-file=" + home_ + "/log/munged.log",
                     "--seed-file=" + home_ + "/munge/seed"},
                    home_ + "/log/munged.out");
    const auto start_time = std::chrono::steady_clock::now();
    while (!shell_ok("munge -S '" + socket_ + "' -n </dev/null >/dev/null 2>&1")) {
      if (std::chrono::steady_clock::now() - start_time > std::chrono::seconds(10)) {
        why_ = "munged did not answer within 10 s: " + read_text(home_ + "/log/munged.out");
        return false;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return true;
  }

  void write_config(int nodes) {
    utsname u{};
    ::uname(&u);
    const std::string host = u.nodename;
    conf_ = home_ + "/slurm.conf";
    std::string text = "ClusterName=hwbenchtest\nSlurmctldHost=" + host + "(127.0.0.1)\n";
    text += "SlurmctldPort=" + std::to_string(free_local_port()) + "\n";
    text += "SlurmUser=root\nSlurmdUser=root\nAuthType=auth/munge\nCredType=cred/munge\n";
    text += "AuthInfo=socket=" + socket_ + "\n";
    text += "StateSaveLocation=" + home_ + "/state\nSlurmdSpoolDir=" + home_ + "/spool/%n\n";
    text += "SlurmctldPidFile=" + home_ + "/slurmctld.pid\nSlurmdPidFile=" + home_ + "/slurmd-%n.pid\n";
    text += "SlurmctldLogFile=" + home_ + "/log/slurmctld.log\nSlurmdLogFile=" + home_ + "/log/slurmd-%n.log\n";
    // No cgroups (a container may have none to give): processes tracked by their parents.
    text += "ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\nMpiDefault=none\n";
    text += "SelectType=select/cons_tres\nSelectTypeParameters=CR_Core\nSchedulerType=sched/builtin\n";
    text += "JobAcctGatherType=jobacct_gather/none\nAccountingStorageType=accounting_storage/none\n";
    text += "JobCompType=jobcomp/none\nReturnToService=2\nInactiveLimit=0\nKillWait=10\nMinJobAge=2\n";
    // Job ids of its own: srun's broadcast copies are /tmp/slurm_bcast_JOB.STEP_NODE, and another
    // test's cluster (the test shards run side by side, a CI run beside a developer's) has nodes
    // of the same names; two clusters both starting at job 1 would copy onto and remove each
    // other's binaries.
    std::random_device rd;
    text += "FirstJobId=" + std::to_string(1000 + rd() % 60'000'000) + "\n";
    for (int i = 1; i <= nodes; ++i)
      text += "NodeName=n" + std::to_string(i) + " NodeHostname=" + host +
              " NodeAddr=127.0.0.1 Port=" + std::to_string(free_local_port()) +
              " CPUs=1 RealMemory=1000 State=UNKNOWN\n";
    text += "PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n";
    write_text(conf_, text);
  }

  /// The nodes sinfo calls idle.
  int idle_nodes() const {
    const std::string states = shell_output("sinfo -h -N -o '%T' 2>/dev/null");
    int idle = 0;
    for (std::size_t at = states.find("idle"); at != std::string::npos; at = states.find("idle", at + 4)) ++idle;
    return idle;
  }

  static pid_t start(const std::vector<std::string>& argv, const std::string& log) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      // A test process that dies (a pipe closed on it, a crash) takes its daemons with it.
      ::prctl(PR_SET_PDEATHSIG, SIGTERM);
      std::freopen(log.c_str(), "w", stderr);
      std::freopen(log.c_str(), "a", stdout);
      std::vector<char*> args;
      for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      ::execv(args[0], args.data());
      ::_exit(127);
    }
    return pid;
  }

  static void stop(pid_t pid) {
    if (pid <= 0) return;
    ::kill(pid, SIGTERM);
    for (int i = 0; i < 100; ++i) {
      int st = 0;
      if (::waitpid(pid, &st, WNOHANG) == pid) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ::kill(pid, SIGKILL);
    int st = 0;
    ::waitpid(pid, &st, 0);
  }

  std::string home_, conf_, socket_, why_;
  std::vector<pid_t> pids_;
  pid_t munged_ = -1;
  std::vector<std::string> node_names_;
};

}  // namespace hwbench::test
