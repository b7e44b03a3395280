// What the memory kernels read of the machine: cache sizes from a sysfs tree, CPUs, memory.
#include "base/platform/machine.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include <doctest/doctest.h>

#include "tests/support/temp_dir.hpp"

namespace hwbench::kernels::memory {

namespace {

void put_cache(const std::string& root, int cpu, int index, const std::string& level, const std::string& type,
               const std::string& size, const std::string& shared) {
  const std::string dir = root + "/cpu" + std::to_string(cpu) + "/cache/index" + std::to_string(index);
  std::filesystem::create_directories(dir);
  test::write_text(dir + "/level", level + "\n");
  test::write_text(dir + "/type", type + "\n");
  test::write_text(dir + "/size", size + "\n");
  test::write_text(dir + "/shared_cpu_list", shared + "\n");
}

}  // namespace

TEST_CASE("parse_cache_size: sysfs spellings") {
  CHECK(platform::parse_cache_size("32K") == 32768u);
  CHECK(platform::parse_cache_size("32768K\n") == 33554432u);
  CHECK(platform::parse_cache_size("2M") == 2097152u);
  CHECK(platform::parse_cache_size("1G") == 1073741824u);
  CHECK(platform::parse_cache_size("4096") == 4096u);
  CHECK_FALSE(platform::parse_cache_size("").has_value());
  CHECK_FALSE(platform::parse_cache_size("K").has_value());
  CHECK_FALSE(platform::parse_cache_size("12Q").has_value());
}

TEST_CASE("last_level_cache_bytes: the highest level, each instance once, for the CPUs in use") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  // Two sockets: CPUs 0-1 share one 16 MiB L3, CPUs 2-3 another; each CPU has its own L1 and L2.
  for (int cpu = 0; cpu < 4; ++cpu) {
    put_cache(dir.path(), cpu, 0, "1", "Data", "32K", std::to_string(cpu));
    put_cache(dir.path(), cpu, 1, "1", "Instruction", "32K", std::to_string(cpu));
    put_cache(dir.path(), cpu, 2, "2", "Unified", "1024K", std::to_string(cpu));
    put_cache(dir.path(), cpu, 3, "3", "Unified", "16M", cpu < 2 ? "0-1" : "2-3");
  }
  CHECK(platform::last_level_cache_bytes(dir.path(), {0, 1, 2, 3}) == 32u << 20);
  CHECK(platform::last_level_cache_bytes(dir.path(), {0, 1}) == 16u << 20);
  CHECK(platform::last_level_cache_bytes(dir.path(), {1, 3}) == 32u << 20);
  CHECK(platform::last_level_cache_bytes(dir.path(), {7}) == 0u);
}

TEST_CASE("parse_cache_size: white space around it and a lower-case suffix") {
  CHECK(platform::parse_cache_size(" 48K\n") == 49152u);
  CHECK(platform::parse_cache_size("32k") == 32768u);
  CHECK(platform::parse_cache_size("2m") == 2097152u);
  CHECK_FALSE(platform::parse_cache_size("-4K").has_value());
  CHECK_FALSE(platform::parse_cache_size("4 K B").has_value());
}

TEST_CASE("cpu_caches: one CPU's caches in index order, with what could not be read left out") {
  const std::map<std::string, std::string> files = {
      {"/r/cpu0/cache/index0/level", "1\n"},
      {"/r/cpu0/cache/index0/type", "Data\n"},
      {"/r/cpu0/cache/index0/size", "48K\n"},
      {"/r/cpu0/cache/index0/shared_cpu_list", "0\n"},
      {"/r/cpu0/cache/index0/coherency_line_size", "64\n"},
      {"/r/cpu0/cache/index1/level", "3\n"},
      {"/r/cpu0/cache/index1/size", "many\n"},
      {"/r/cpu0/cache/index3/level", "4\n"},  // after a gap: not listed
  };
  const auto read = [&](const std::string& path) -> std::optional<std::string> {
    const auto it = files.find(path);
    return it == files.end() ? std::nullopt : std::optional(it->second);
  };
  const auto caches = platform::cpu_caches("/r", 0, read);
  REQUIRE(caches.size() == 2);
  CHECK(caches[0].level == 1u);
  CHECK(caches[0].type == "Data");
  CHECK(caches[0].size == 49152u);
  CHECK(caches[0].shared_cpu_list == "0");
  CHECK(caches[0].line_size == 64u);
  CHECK(caches[1].level == 3u);
  CHECK_FALSE(caches[1].type.has_value());
  CHECK_FALSE(caches[1].size.has_value());
  CHECK_FALSE(caches[1].shared_cpu_list.has_value());
  CHECK_FALSE(caches[1].line_size.has_value());
  CHECK(platform::cpu_caches("/r", 1, read).empty());
}

TEST_CASE("machine: this machine answers") {
  CHECK_FALSE(platform::allowed_cpus().empty());
  CHECK(platform::available_memory_bytes() > 0);
}

TEST_CASE("machine: a /proc/meminfo field in bytes, kB counted as 1024") {
  const std::string meminfo = "MemTotal:       24633000 kB\nMemFree:        20000000 kB\nMemAvailable:   1000\n";
  CHECK(platform::meminfo_bytes(meminfo, "MemTotal") == 24633000ULL * 1024);
  CHECK(platform::meminfo_bytes(meminfo, "MemAvailable") == 1000);
  CHECK_FALSE(platform::meminfo_bytes(meminfo, "Mem").has_value());
  CHECK_FALSE(platform::meminfo_bytes(meminfo, "SwapTotal").has_value());
  CHECK_FALSE(platform::meminfo_bytes("MemTotal: many kB\n", "MemTotal").has_value());
}

}  // namespace hwbench::kernels::memory
