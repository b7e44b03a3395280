#include "runtime/environment/environment.hpp"

#include <map>
#include <string>

#include <doctest/doctest.h>

#include "runtime/environment/cpu_environment.hpp"

namespace {

namespace environment = hwbench::runtime::environment;
using nlohmann::json;

struct FakeSystem : environment::SystemFiles {
  std::map<std::string, std::string> files;
  std::optional<environment::KernelIdentity> identity;
  std::string host;
  long cpus = 0;

  std::optional<std::string> read(const std::string& path) const override {
    const auto it = files.find(path);
    if (it == files.end()) return std::nullopt;
    return it->second;
  }
  std::optional<environment::KernelIdentity> kernel() const override { return identity; }
  std::string hostname() const override { return host; }
  long logical_cpus() const override { return cpus; }
};

std::string intel_processor(int n, int core) {
  return "processor\t: " + std::to_string(n) +
         "\n"
         "vendor_id\t: GenuineIntel\n"
         "cpu family\t: 6\n"
         "model\t\t: 143\n"
         "model name\t: Intel(R) Xeon(R) Platinum 8480+\n"
         "stepping\t: 8\n"
         "cpu MHz\t\t: 2000.125\n"
         "physical id\t: 0\n"
         "core id\t\t: " +
         std::to_string(core) +
         "\n"
         "flags\t\t: fpu vme  sse2\tavx512f\n"
         "\n";
}

void add_cache(FakeSystem& system, int index, const std::string& level, const std::string& type,
               const std::string& size, const std::string& shared) {
  const std::string base = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
  system.files[base + "level"] = level + "\n";
  system.files[base + "type"] = type + "\n";
  system.files[base + "size"] = size + "\n";
  system.files[base + "shared_cpu_list"] = shared + "\n";
  system.files[base + "coherency_line_size"] = "64\n";
}

FakeSystem xeon() {
  FakeSystem system;
  system.files["/proc/cpuinfo"] =
      intel_processor(0, 0) + intel_processor(1, 1) + intel_processor(2, 0) + intel_processor(3, 1);
  add_cache(system, 0, "1", "Data", "48K", "0,2");
  add_cache(system, 1, "1", "Instruction", "32K", "0,2");
  add_cache(system, 2, "2", "Unified", "2048K", "0,2");
  add_cache(system, 3, "3", "Unified", "105M", "0-3");
  // index5 without index4: the list stops at the first gap.
  add_cache(system, 5, "4", "Unified", "1G", "0-3");
  system.files["/proc/meminfo"] = "MemTotal:       24633000 kB\nMemFree:        20000000 kB\n";
  system.files["/etc/os-release"] =
      "NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nVERSION_ID=\"12\"\n";
  system.files["/sys/devices/system/clocksource/clocksource0/current_clocksource"] = "tsc\n";
  system.identity =
      environment::KernelIdentity{"Linux", "6.1.0-18-amd64", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1", "x86_64"};
  system.host = "bench1";
  system.cpus = 4;
  return system;
}

// The parts that come from the machine, without those fixed by the build.
json machine_part(json environment) {
  for (const char* key : {"compiler", "libc", "openssl", "hwbench_version"}) environment.erase(key);
  return environment;
}

void fix_build_part(json& environment) {
  environment["compiler"] = {
      {"id", "gcc"}, {"version", "12.2.0"}, {"flags", "-O2 -g"}, {"build_type", "RelWithDebInfo"}};
  environment["libc"] = "2.36";
  environment["openssl"] = {{"version", "OpenSSL 3.0.19 27 Jan 2026"},
                            {"built_on", "Tue Apr  7 12:05:56 2026 UTC"},
                            {"options", "bn(64,64)"},
                            {"compiler", "gcc -O2"},
                            {"cpuinfo", ""}};
  environment["hwbench_version"] = "0.1.0";
}

}  // namespace

TEST_CASE("environment: every field parsed exactly from faked /proc and /sys") {
  const json environment = hwbench::runtime::environment::capture_environment(xeon());
  CHECK(machine_part(environment) == json::parse(R"J({
    "cpu": {"model": "Intel(R) Xeon(R) Platinum 8480+", "vendor": "GenuineIntel", "family": 6,
            "model_number": 143, "stepping": 8, "flags": ["fpu", "vme", "sse2", "avx512f"], "mhz": 2000.125, "cache_size": null},
    "cores": {"logical": 4, "physical": 2},
    "caches": [
      {"level": 1, "type": "Data", "size": 49152, "shared_cpu_list": "0,2", "line_size": 64},
      {"level": 1, "type": "Instruction", "size": 32768, "shared_cpu_list": "0,2", "line_size": 64},
      {"level": 2, "type": "Unified", "size": 2097152, "shared_cpu_list": "0,2", "line_size": 64},
      {"level": 3, "type": "Unified", "size": 110100480, "shared_cpu_list": "0-3", "line_size": 64}
    ],
    "memory": {"total_bytes": 25224192000},
    "kernel": {"sysname": "Linux", "release": "6.1.0-18-amd64",
               "version": "#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1", "machine": "x86_64"},
    "distribution": "Debian GNU/Linux 12 (bookworm)",
    "cpu_governor": "unknown (no cpufreq)",
    "clock_source": "tsc",
    "hostname": "bench1"
  })J"));
}

TEST_CASE("environment: build facts come from this binary") {
  const json environment = hwbench::runtime::environment::capture_environment(xeon());
  const std::string id = environment["compiler"]["id"];
  CHECK((id == "gcc" || id == "clang"));
  CHECK(environment["compiler"]["version"] == __VERSION__);
  CHECK(environment["compiler"]["flags"].is_string());
  CHECK(environment["compiler"]["build_type"].is_string());
  CHECK(environment["hwbench_version"].is_string());
  const json& openssl = environment["openssl"];
  CHECK(openssl["version"].get<std::string>().rfind("OpenSSL 3.", 0) == 0);
  CHECK(openssl["options"].get<std::string>().rfind("bn(", 0) == 0);
  CHECK(openssl["built_on"].get<std::string>().rfind("built on", 0) == std::string::npos);
  CHECK(openssl["compiler"].get<std::string>().rfind("compiler", 0) == std::string::npos);
  CHECK(openssl["cpuinfo"].is_string());
  CHECK_FALSE(environment["libc"].get<std::string>().empty());
}

TEST_CASE("environment: a governor, single quotes and an ARM-style cpuinfo") {
  FakeSystem system;
  system.files["/proc/cpuinfo"] =
      "processor\t: 0\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm crc32\nCPU implementer\t: 0x41\n\n"
      "processor\t: 1\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm crc32\n\n"
      "Hardware\t: BCM2835\nRevision\t: c03111\n";
  system.files["/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"] = "performance\n";
  system.files["/usr/lib/os-release"] = "NAME='Alpine Linux'\n";
  system.files["/proc/meminfo"] = "MemFree: 1 kB\n";
  system.cpus = 2;
  const json environment = hwbench::runtime::environment::capture_environment(system);
  CHECK(environment["cpu"] == json::parse(R"J({"model": "BCM2835", "vendor": "ARM", "family": null,
      "model_number": null, "stepping": null, "flags": ["fp", "asimd", "evtstrm", "crc32"], "mhz": null, "cache_size": null})J"));
  CHECK(environment["cores"] == json::parse(R"J({"logical": 2, "physical": null})J"));
  CHECK(environment["cpu_governor"] == "performance");
  CHECK(environment["distribution"] == "Alpine Linux");
  CHECK(environment["memory"]["total_bytes"].is_null());
}

namespace {

// /proc/cpuinfo of ARM machines as their kernels print it: one block per processor, and on
// Raspberry Pi kernels a last block naming the board.
std::string arm_processor(int n, const std::string& model_name, const std::string& features, const std::string& part,
                          const std::string& implementer = "0x41") {
  return "processor\t: " + std::to_string(n) + "\n" + model_name + "BogoMIPS\t: 108.00\nFeatures\t: " + features +
         "\nCPU implementer\t: " + implementer + "\nCPU architecture: 8\nCPU variant\t: 0x0\nCPU part\t: " + part +
         "\nCPU revision\t: 3\n\n";
}

// A Raspberry Pi 4 with Raspberry Pi OS's 64-bit kernel: no /sys cache, cpufreq, thermal or
// clock source entries readable, as on boards whose kernels lack them.
FakeSystem raspberry_pi_4() {
  FakeSystem system;
  std::string cpuinfo;
  for (int n = 0; n < 4; ++n) cpuinfo += arm_processor(n, "", "fp asimd evtstrm crc32 cpuid", "0xd08");
  cpuinfo +=
      "Hardware\t: BCM2835\nRevision\t: c03114\nSerial\t\t: 100000002f6a1b3c\nModel\t\t: Raspberry Pi 4 Model B Rev "
      "1.4\n";
  system.files["/proc/cpuinfo"] = cpuinfo;
  system.files["/proc/meminfo"] = "MemTotal:        3880500 kB\n";
  system.files["/etc/os-release"] = "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n";
  system.identity =
      environment::KernelIdentity{"Linux", "6.6.31+rpt-rpi-v8", "#1 SMP PREEMPT Debian 1:6.6.31-1+rpt1", "aarch64"};
  system.host = "pi4";
  system.cpus = 4;
  return system;
}

}  // namespace

TEST_CASE("environment: a Raspberry Pi 4 without cpufreq, caches or a clock source in /sys") {
  const json environment = hwbench::runtime::environment::capture_environment(raspberry_pi_4());
  CHECK(machine_part(environment) == json::parse(R"J({
    "cpu": {"model": "ARM Cortex-A72 (Raspberry Pi 4 Model B Rev 1.4)", "vendor": "ARM", "family": null,
            "model_number": null, "stepping": null, "flags": ["fp", "asimd", "evtstrm", "crc32", "cpuid"],
            "mhz": null, "cache_size": null},
    "cores": {"logical": 4, "physical": null},
    "caches": [],
    "memory": {"total_bytes": 3973632000},
    "kernel": {"sysname": "Linux", "release": "6.6.31+rpt-rpi-v8",
               "version": "#1 SMP PREEMPT Debian 1:6.6.31-1+rpt1", "machine": "aarch64"},
    "distribution": "Debian GNU/Linux 12 (bookworm)",
    "cpu_governor": "unknown (no cpufreq)",
    "clock_source": null,
    "hostname": "pi4"
  })J"));
  json fixed = environment;
  fix_build_part(fixed);
  CHECK(hwbench::runtime::environment::environment_summary(fixed) ==
        "ARM Cortex-A72 (Raspberry Pi 4 Model B Rev 1.4), 4 logical CPUs, 3.7 GiB RAM\n"
        "Linux 6.6.31+rpt-rpi-v8 aarch64, Debian GNU/Linux 12 (bookworm), gcc 12.2.0 -O2 -g, OpenSSL 3.0.19\n"
        "CPU governor unknown (no cpufreq), glibc 2.36, hwbench 0.1.0");
}

TEST_CASE("environment: ARM models from the implementer and part numbers, not the generic model name") {
  using hwbench::runtime::environment::capture_cpu;
  using hwbench::runtime::environment::parse_cpuinfo;
  // A Raspberry Pi 3 with a 32-bit kernel: "model name" is the architecture's, the same on every ARMv7.
  std::string pi3;
  for (int n = 0; n < 4; ++n)
    pi3 += arm_processor(n, "model name\t: ARMv7 Processor rev 4 (v7l)\n",
                         "half thumb fastmult vfp edsp neon vfpv3 tls vfpv4 idiva idivt vfpd32 lpae evtstrm crc32 ",
                         "0xd03");
  pi3 +=
      "Hardware\t: BCM2835\nRevision\t: a02082\nSerial\t\t: 00000000c2b5d6e1\nModel\t\t: Raspberry Pi 3 Model B Rev "
      "1.2\n";
  const json pi3_cpu = capture_cpu(parse_cpuinfo(pi3), "armv7l");
  CHECK(pi3_cpu["model"] == "ARM Cortex-A53 (Raspberry Pi 3 Model B Rev 1.2)");
  CHECK(pi3_cpu["vendor"] == "ARM");
  CHECK(pi3_cpu["flags"].size() == 15);

  // An AWS Graviton2 server: no board line.
  std::string graviton;
  for (int n = 0; n < 2; ++n)
    graviton += arm_processor(n, "", "fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid", "0xd0c");
  CHECK(capture_cpu(parse_cpuinfo(graviton), "aarch64")["model"] == "ARM Neoverse-N1");

  // A Rockchip RK3399 (big.LITTLE): four Cortex-A53 then two Cortex-A72, each named once.
  std::string rk3399;
  for (int n = 0; n < 6; ++n) rk3399 += arm_processor(n, "", "fp asimd evtstrm aes", n < 4 ? "0xd03" : "0xd08");
  CHECK(capture_cpu(parse_cpuinfo(rk3399), "aarch64")["model"] == "ARM Cortex-A53 + ARM Cortex-A72");

  // A core the table does not know, by a designer it does, and one by a designer it does not.
  const json kryo = capture_cpu(parse_cpuinfo(arm_processor(0, "", "fp asimd", "0x803", "0x51")), "aarch64");
  CHECK(kryo["model"] == "Qualcomm part 0x803");
  CHECK(kryo["vendor"] == "Qualcomm");
  const json unknown = capture_cpu(parse_cpuinfo(arm_processor(0, "", "fp", "0x001", "0x99")), "aarch64");
  CHECK(unknown["model"] == "implementer 0x99 part 0x001");
  CHECK(unknown["vendor"].is_null());

  // An ARMv6 Raspberry Pi 1 on a 3.x kernel: "Processor" leads, the board is "Hardware".
  const std::string pi1 =
      "Processor\t: ARMv6-compatible processor rev 7 (v6l)\nBogoMIPS\t: 697.95\n"
      "Features\t: swp half thumb fastmult vfp edsp java tls\nCPU implementer\t: 0x41\nCPU architecture: 7\n"
      "CPU variant\t: 0x0\nCPU part\t: 0xb76\nCPU revision\t: 7\n\nHardware\t: BCM2708\nRevision\t: 000e\n";
  CHECK(capture_cpu(parse_cpuinfo(pi1), "armv6l")["model"] == "ARM ARM1176 (BCM2708)");

  // Nothing in cpuinfo names the processor: uname's machine does.
  const json bare = capture_cpu(parse_cpuinfo("processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: fp\n"), "aarch64");
  CHECK(bare["model"] == "aarch64");
  CHECK(bare["vendor"].is_null());
  CHECK(capture_cpu({}, "")["model"].is_null());
}

TEST_CASE("environment: nothing readable gives nulls, not errors") {
  const json environment = hwbench::runtime::environment::capture_environment(FakeSystem{});
  CHECK(machine_part(environment) == json::parse(R"J({
    "cpu": {"model": null, "vendor": null, "family": null, "model_number": null, "stepping": null,
            "flags": [], "mhz": null, "cache_size": null},
    "cores": {"logical": null, "physical": null},
    "caches": [],
    "memory": {"total_bytes": null},
    "kernel": {"sysname": null, "release": null, "version": null, "machine": null},
    "distribution": null,
    "cpu_governor": "unknown (no cpufreq)",
    "clock_source": null,
    "hostname": null
  })J"));
}

TEST_CASE("environment: the real system") {
  const json environment = hwbench::runtime::environment::capture_environment();
  REQUIRE(environment["cpu"]["model"].is_string());
  CHECK_FALSE(environment["cpu"]["model"].get<std::string>().empty());
  REQUIRE(environment["cores"]["logical"].is_number_integer());
  CHECK(environment["cores"]["logical"].get<long>() >= 1);
  REQUIRE(environment["memory"]["total_bytes"].is_number_unsigned());
  CHECK(environment["memory"]["total_bytes"].get<std::uint64_t>() > 0);
  CHECK(environment["kernel"]["sysname"] == "Linux");
}

TEST_CASE("environment_summary: the faked machine in three lines") {
  json environment = hwbench::runtime::environment::capture_environment(xeon());
  fix_build_part(environment);
  CHECK(hwbench::runtime::environment::environment_summary(environment) ==
        "Intel(R) Xeon(R) Platinum 8480+, 4 logical CPUs, 23.5 GiB RAM\n"
        "Linux 6.1.0-18-amd64 x86_64, Debian GNU/Linux 12 (bookworm), gcc 12.2.0 -O2 -g, OpenSSL 3.0.19\n"
        "CPU governor unknown (no cpufreq), clock source tsc, glibc 2.36, hwbench 0.1.0");
}

TEST_CASE("environment_summary: partial and empty environments") {
  CHECK(hwbench::runtime::environment::environment_summary(json::object()) == "");
  CHECK(hwbench::runtime::environment::environment_summary(json::array()) == "");
  CHECK(hwbench::runtime::environment::environment_summary(json::parse(R"J({
    "cpu": {"model": null}, "cores": {"logical": 1},
    "compiler": {"id": "clang", "version": "Debian Clang 14.0.6", "flags": ""},
    "openssl": "OpenSSL 3.0.19"
  })J")) == "1 logical CPU\nDebian Clang 14.0.6, OpenSSL 3.0.19");
}
