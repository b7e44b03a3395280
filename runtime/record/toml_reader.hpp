#pragma once
// Reading hand-written TOML files (published results, baselines) strictly: every problem is
// collected with its line and column, unknown keys get a did-you-mean.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <toml.hpp>

#include "lang/common/diagnostics.hpp"

namespace hwbench::runtime::record {

/// Every problem in one file, reported together and in file order: lang::Diagnostics placed by
/// toml11's locations and rendered by lang::render_brief().
class Problems {
 public:
  /// Problems found in `file` (the name used in messages). With the file's `text`, each is shown
  /// with its line and a caret under the place, as a recipe's are; without, one line each.
  explicit Problems(std::string file, std::string text = {}) : file_(std::move(file)), text_(std::move(text)) {}
  /// A problem at `where`'s place in the file.
  void at(const toml::value& where, std::string message);
  /// A problem with the key `key` of the value `value`: at the key, where the text shows it on
  /// the value's line, else at the value.
  void at_key(const toml::value& value, const std::string& key, std::string message);
  /// A problem with no place in the file.
  void whole_file(std::string message);
  /// Whether any problem was found.
  bool any() const { return diagnostics_.has_errors(); }
  /// `FILE:LINE:COL: error: …` lines, sorted by place.
  std::string render() const;

 private:
  std::string file_;
  std::string text_;
  lang::Diagnostics diagnostics_;
};

/// Records a problem for every key of `table` not in `known`; `context` follows the key's name.
void check_keys(const toml::value& table, const std::vector<std::string>& known, std::string_view context,
                Problems& problems);

/// The value at `key` in `table`, or nullptr.
const toml::value* find_key(const toml::value& table, const std::string& key);

/// An optional string: nullopt when absent or (with a problem recorded) not a string.
std::optional<std::string> string_key(const toml::value& table, const std::string& key, std::string_view context,
                                      Problems& problems);

/// A finite integer or float as a double; nullopt otherwise.
std::optional<double> number(const toml::value& v);

/// The whole file at `path`; on failure nullopt and `PATH: error: cannot open|read: …` in `error`.
std::optional<std::string> read_text_file(const std::string& path, std::string& error);

/// Parses TOML text; on a syntax error returns nullopt with toml11's message in `error`.
std::optional<toml::value> parse_toml(std::string_view text, const std::string& name, std::string& error);

}  // namespace hwbench::runtime::record

namespace hwbench::runtime::model {
struct Baseline;
}  // namespace hwbench::runtime::model

namespace hwbench::runtime::record {

/// Reads one [[baseline]] table (baseline files and published results share it); nullopt and
/// problems recorded when it is not usable. Defined in baseline.cpp.
std::optional<model::Baseline> read_baseline(const toml::value& table, std::size_t index, Problems& problems);

}  // namespace hwbench::runtime::record
