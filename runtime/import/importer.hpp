#pragma once
// `hwbench import TOOL LOG -o FILE`: one parser per tool turns the log that tool printed into a
// published Result (kind "published", no raw samples), which published.hpp writes as TOML and
// `hwbench report` renders in the tool's own layout.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::import {

/// One tool's log parser.
struct Importer {
  std::string tool;  ///< the word after `hwbench import`: "nbench", "openssl", "bonnie"…
  std::string help;  ///< one line: which versions and layouts it reads
  /// Parses `text` (the log, named `name` in messages). On failure returns std::nullopt and
  /// sets `error` to `NAME:LINE: error: …` lines.
  std::function<std::optional<model::Result>(std::string_view text, const std::string& name, std::string& error)> parse;
};

/// Every importer, in the order `hwbench import --help` lists them.
const std::vector<Importer>& importers();

/// The importer for `tool`, or nullptr.
const Importer* find_importer(std::string_view tool);

}  // namespace hwbench::runtime::import
