#pragma once
// What a result keeps of openssl speed's build and printing, as a type: environment["openssl"].
// The importer writes it (the lines above the tables of a log, whether the table's heading was
// printed, -multi's children); hwbench's own capture writes the version string alone
// (runtime/environment); `report openssl` reads either.
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::tools::openssl {

/// The key of the record in a result's environment.
inline constexpr const char* environment_key = "openssl";

/// openssl speed's build, as its log printed it.
struct OpensslBuild {
  std::optional<std::string> version;          ///< "OpenSSL 3.0.22 25 Aug 2026"
  std::optional<std::string> built_on;         ///< "built on: …"
  std::optional<std::string> options;          ///< "options: …"
  std::optional<std::string> compiler;         ///< "compiler: …"
  std::optional<std::string> timing_options;   ///< "available timing options: …" (0.9.8)
  std::optional<std::string> timing_function;  ///< "timing function used: …" (0.9.8)
  std::optional<std::string> cpuinfo;          ///< "CPUINFO: …"
  int multi = 0;                               ///< -multi's children; 0 without -multi
  bool heading = true;                         ///< whether the symmetric table's heading was printed
  bool version_only = false;                   ///< recorded as the version string alone (a capture)
  /// The rows the log printed under another name than its labels' (the importer labels a row by
  /// hwbench's name for its algorithm): hwbench's row -> the log's ("des ede3" -> "des-ede3").
  std::map<std::string, std::string> row_names;

  /// Whether nothing at all is recorded.
  bool empty() const;
};

/// As JSON: the version string alone when `version_only`, else an object of the keys that are set
/// ("multi" only when positive, "heading" only when false, "row_names" only when not empty).
void to_json(nlohmann::json& json, const OpensslBuild& build);
/// From either form; other keys and types are passed over.
void from_json(const nlohmann::json& json, OpensslBuild& build);

/// The record of `result`, when it has one.
std::optional<OpensslBuild> read_build(const model::Result& result);

/// The name the log of `build` printed `row` under: `row` itself unless build.row_names says
/// otherwise (or there is no build).
std::string printed_row(const std::optional<OpensslBuild>& build, const std::string& row);

}  // namespace hwbench::runtime::tools::openssl
