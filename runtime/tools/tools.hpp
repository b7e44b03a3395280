#pragma once
// The original tools, each in its folder (runtime/tools/<tool>/: its data model and the JSON it
// keeps in a result, its report in the tool's own layout, its importer, its charts), registered
// here once: the named report styles (`report nbench`…) and the importers (`hwbench import TOOL`,
// `import TOOL` on a command step).
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/model/result.hpp"
#include "runtime/report/named_report.hpp"

namespace hwbench::runtime::tools {

/// One tool's log parser: turns the log that tool printed into a published Result (kind
/// "published", no raw samples), which record/published.hpp writes as TOML and `hwbench report`
/// renders in the tool's own layout.
struct Importer {
  std::string tool;  ///< the word after `hwbench import`: "nbench", "openssl", "bonnie"…
  std::string help;  ///< one line: which versions and layouts it reads
  /// Parses `text` (the log, named `name` in messages). On failure returns std::nullopt and
  /// sets `error` to `NAME:LINE: error: …` lines.
  std::function<std::optional<model::Result>(std::string_view text, const std::string& name, std::string& error)> parse;
  /// Words only its tool's output prints: which of them a file holds tells, when no importer
  /// reads the file, which tool it most likely came from.
  std::vector<std::string> marks;
};

/// Every importer, in the order `hwbench import --help` lists them.
const std::vector<Importer>& importers();

/// The importer for `tool`, or nullptr.
const Importer* find_importer(std::string_view tool);

/// Every named style, in the order `hwbench list` shows them: one for each entry of the catalogue
/// (runtime/model/report_style.hpp), each with its renderer (a catalogue entry without one, or a
/// registration the catalogue does not know, throws std::logic_error on the first call).
const std::vector<report::NamedStyle>& named_styles();

/// The style called `name`, or nullptr.
const report::NamedStyle* find_named_style(std::string_view name);

/// What the named styles say under `comparison` (each one's compare_notes, in the order of
/// named_styles()): the lines for analysis::Comparison::notes.
std::vector<std::string> comparison_notes(const analysis::Comparison& comparison);

}  // namespace hwbench::runtime::tools
