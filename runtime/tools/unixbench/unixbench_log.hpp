#pragma once
// What a result keeps of a UnixBench log beyond its series, as a type: environment["unixbench"],
// each test's printed time and sample count, and the runs' spans (published files keep no
// started_utc of their own). The importer writes it; `report unixbench` prints them back.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::tools::unixbench {

/// The key of the record in a result's environment.
inline constexpr const char* environment_key = "unixbench";

/// What a result line printed beside its figure: `(12.3 s, 7 samples)`.
struct UnixbenchPrintedTest {
  std::optional<double> time;  ///< seconds
  std::optional<int> samples;
};

/// One run's span, by its number of copies.
struct UnixbenchRunSpan {
  long long copies = 1;
  std::string started_utc;
  std::string finished_utc;
};

/// Everything an imported UnixBench log keeps beside its series.
struct UnixbenchLog {
  std::map<std::string, UnixbenchPrintedTest> tests;  ///< by series label
  std::optional<std::string> started_utc;             ///< the whole log's span, when it printed one
  std::optional<std::string> finished_utc;
  std::vector<UnixbenchRunSpan> runs;  ///< each run's span, when the log held more than one run
};

void to_json(nlohmann::json& json, const UnixbenchPrintedTest& test);
void from_json(const nlohmann::json& json, UnixbenchPrintedTest& test);
void to_json(nlohmann::json& json, const UnixbenchRunSpan& span);
void from_json(const nlohmann::json& json, UnixbenchRunSpan& span);
void to_json(nlohmann::json& json, const UnixbenchLog& log);
void from_json(const nlohmann::json& json, UnixbenchLog& log);

/// The record of `result`, when it has one.
std::optional<UnixbenchLog> read_unixbench_log(const model::Result& result);

}  // namespace hwbench::runtime::tools::unixbench
