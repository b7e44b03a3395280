#pragma once
// What a result keeps of an nbench log beyond its series, as a type: environment["nbench"], the
// LINUX DATA block's system lines of each run (as printed, trailing space included) and, in a log
// of several runs, the tests each run warned about. The importer writes it; `report nbench`
// prints the lines back and splits a several-run log into its runs.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::tools::nbench {

/// The key of the record in a result's environment.
inline constexpr const char* environment_key = "nbench";

/// One run's system lines.
struct NbenchSystem {
  std::optional<std::string> cpu;       ///< "CPU"
  std::optional<std::string> l2_cache;  ///< "L2 Cache"
  std::optional<std::string> os;        ///< "OS"
  std::optional<std::string> compiler;  ///< "C compiler"
  std::optional<std::string> libc;      ///< "libc"
  /// The tests printed with nbench's warning in this run; kept for each run of a several-run log.
  std::optional<std::vector<std::string>> not_converged;
};

/// The system lines of every run of a log: one object for a log of one run, an array of them
/// (each with its not_converged) for several.
struct NbenchLog {
  std::vector<NbenchSystem> runs;
};

void to_json(nlohmann::json& json, const NbenchSystem& system);
void from_json(const nlohmann::json& json, NbenchSystem& system);
void to_json(nlohmann::json& json, const NbenchLog& log);
void from_json(const nlohmann::json& json, NbenchLog& log);

/// The record of `result`, when it has one.
std::optional<NbenchLog> read_nbench_log(const model::Result& result);
/// Keeps `log` in `result`'s environment.
void write_nbench_log(model::Result& result, const NbenchLog& log);

}  // namespace hwbench::runtime::tools::nbench
