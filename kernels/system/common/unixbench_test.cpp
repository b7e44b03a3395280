#include "kernels/system/common/unixbench_test.hpp"

#include <cmath>

#include <fmt/format.h>

namespace hwbench::kernels::system {

namespace {

// Written through volatile so the stores, and what computes them, stay in the program.
volatile std::uint64_t g_kept_count = 0;
volatile double g_kept_number = 0;

}  // namespace

KernelSpec unixbench_spec(const std::string& name, const std::string& help, const std::string& lineage,
                          const std::string& synopsis, double seconds) {
  KernelSpec spec;
  spec.name = name;
  spec.family = "system";
  spec.help = help;
  spec.lineage = lineage;
  spec.synopsis = synopsis;
  spec.unit = WorkUnit::operations;
  spec.measure.for_seconds = seconds;
  spec.effects = [](const Call&, const platform::FileView&) { return FileEffects{}; };
  return spec;
}

ArgSpec directory_arg(const std::string& help) { return {"DIR", ArgKind::output_path, "", help}; }

bool refuse_non_directory(const Call& call, const platform::FileView& view, FileEffects& fx) {
  const std::string& dir = call.args.at(0).path;
  if (!view.exists(dir) || view.is_directory(dir)) return false;
  fx.problems.push_back({fmt::format("{} is not a directory", dir),
                         "name a directory for the kernel's files, such as the location tmp:"});
  return true;
}

ParamSpec worker_param() {
  return count_param("worker", "", "0", 0, 1'000'000,
                     "which parallel copy this is (worker $worker): copies in one directory then use their own files");
}

std::string worker_file(const std::string& name, const Call& call) {
  const std::uint64_t worker = count_value(call, "worker", 0);
  return worker == 0 ? name : name + "-" + std::to_string(worker);
}

std::uint64_t count_value(const Call& call, const std::string& name, std::uint64_t fallback) {
  const auto it = call.params.find(name);
  if (it == call.params.end() || !(it->second.number > 0)) {
    // A default filled in by the checker carries its text; the number may be unset in hand-made calls.
    if (it != call.params.end() && !it->second.text.empty()) {
      try {
        return std::stoull(it->second.text);
      } catch (const std::exception&) {
        return fallback;
      }
    }
    return fallback;
  }
  return static_cast<std::uint64_t>(std::llround(it->second.number));
}

void keep(std::uint64_t value) { g_kept_count = g_kept_count + value; }

void keep(double value) { g_kept_number = g_kept_number + value; }

}  // namespace hwbench::kernels::system
