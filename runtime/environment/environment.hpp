#pragma once
// What machine and build a run happened on, for the result file and the top of reports. The
// processor's facts are read in cpu_environment.hpp, the binary's in build_environment.hpp; the
// memory, kernel, distribution and clock are read here, and the whole assembled.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace hwbench::runtime::environment {

/// The kernel's uname(2) fields.
struct KernelIdentity {
  std::string sysname;
  std::string release;
  std::string version;
  std::string machine;
};

/// Where capture_environment learns about the machine: files under /proc, /sys and /etc, and
/// the few facts only system calls give. The default reads the real system; tests override it.
struct SystemFiles {
  virtual ~SystemFiles() = default;
  /// The whole content of `path`, or std::nullopt when it cannot be read.
  virtual std::optional<std::string> read(const std::string& path) const;
  /// uname(2), or std::nullopt when it fails.
  virtual std::optional<KernelIdentity> kernel() const;
  /// gethostname(2), or "" when it fails.
  virtual std::string hostname() const;
  /// sysconf(_SC_NPROCESSORS_ONLN): the logical CPUs online.
  virtual long logical_cpus() const;
};

/// The environment of this process on the real system (see docs/result-format.md for the keys).
nlohmann::json capture_environment();

/// The environment as `system` describes it; the compiler, libc, OpenSSL and hwbench versions
/// are those this binary was built with.
nlohmann::json capture_environment(const SystemFiles& system);

/// Two or three lines for the top of a report (no trailing newline), e.g.
/// "AMD EPYC, 2 logical CPUs, 23.5 GiB RAM\nLinux 6.1.0 x86_64, Debian GNU/Linux 12 (bookworm),
/// gcc 12.2.0 -O2 -g, OpenSSL 3.0.19\nCPU governor performance, clock source tsc, glibc 2.36,
/// hwbench 0.1.0". Facts missing from `environment` are left out; "" when nothing is known.
std::string environment_summary(const nlohmann::json& environment);

}  // namespace hwbench::runtime::environment
