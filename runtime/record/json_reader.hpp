#pragma once
// Reading a JSON document field by field with a sticky first error: each getter names the field
// it reads by its path (`series[0].samples[2].wall_ns`), the first problem is kept as the
// diagnostic `PATH: what` (lang::Diagnostics, as every file problem; JSON values carry no line,
// so it is placed at the file), and reading goes on harmlessly with defaults after it, so that a
// bad document gives one message naming the first bad field. Result files are read with it.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lang/common/diagnostics.hpp"

namespace hwbench::runtime::record {

/// A field reader over nlohmann::json values that keeps the first error.
class JsonReader {
 public:
  using json = nlohmann::json;

  /// Whether a field was bad.
  bool failed() const { return problems_.has_errors(); }
  /// The first error, `PATH: what`; "" when none.
  std::string error() const { return failed() ? problems_.all().front().message : std::string(); }

  /// Records `where: what` unless an error is recorded already.
  void fail(const std::string& where, const std::string& what);

  /// The path of member `key` under `where` ("" is the top).
  static std::string join(const std::string& where, const std::string& key);

  /// The path of element `index` of the array at `where`.
  static std::string at(const std::string& where, std::size_t index);

  /// The member `key` of `object`, or nullptr (with an error unless it is optional).
  const json* member(const json& object, const std::string& where, const std::string& key, bool optional = false);

  /// `ok`, recording "expected EXPECTED, got …" at `where` when it is false.
  bool expect(const json& value, const std::string& where, bool ok, const char* expected);

  /// The string member `key`; "" after an error.
  std::string text(const json& object, const std::string& where, const std::string& key);

  /// The boolean member `key`; false after an error.
  bool boolean(const json& object, const std::string& where, const std::string& key);

  /// The unsigned integer member `key`, at most `max`; 0 after an error.
  std::uint64_t unsigned_integer(const json& object, const std::string& where, const std::string& key,
                                 std::uint64_t max = std::numeric_limits<std::uint64_t>::max());

  /// The integer member `key`, within a signed 64-bit integer; 0 after an error.
  std::int64_t signed_integer(const json& object, const std::string& where, const std::string& key);

  /// `value`, an unsigned integer at most `max`, at `path`; 0 after an error.
  std::uint64_t unsigned_value(const json& value, const std::string& path,
                               std::uint64_t max = std::numeric_limits<std::uint64_t>::max());

  /// `value`, an integer within a signed 64-bit integer, at `path`; 0 after an error.
  std::int64_t signed_value(const json& value, const std::string& path);

  /// The number member `key` (number_value's rules); 0 after an error.
  double number(const json& object, const std::string& where, const std::string& key);

  /// A JSON number, or one of the strings that stand for NaN and the infinities ("nan", "inf", "-inf").
  double number_value(const json& value, const std::string& path);

  /// The array member `key` of numbers (number_value's rules).
  std::vector<double> number_list(const json& parent, const std::string& where, const std::string& key);

  /// The object member `key`, or nullptr (with an error).
  const json* object(const json& parent, const std::string& where, const std::string& key);

  /// The array member `key`, or nullptr (with an error).
  const json* array(const json& parent, const std::string& where, const std::string& key);

  /// The object member `key` whose members are all strings.
  std::map<std::string, std::string> strings(const json& parent, const std::string& where, const std::string& key);

  /// The array member `key` of strings.
  std::vector<std::string> string_list(const json& parent, const std::string& where, const std::string& key);

  /// Calls `read(element, path)` for each element of the array `key`, which must be objects.
  template <typename Read>
  void each_object(const json& parent, const std::string& where, const std::string& key, Read read) {
    const json* value = array(parent, where, key);
    if (value == nullptr) return;
    const auto path = join(where, key);
    for (std::size_t i = 0; i < value->size() && !failed(); ++i) {
      const auto item_path = at(path, i);
      if (expect((*value)[i], item_path, (*value)[i].is_object(), "an object")) read((*value)[i], item_path);
    }
  }

 private:
  static std::string describe(const json& value);

  lang::Diagnostics problems_;  ///< the first problem only
};

}  // namespace hwbench::runtime::record
