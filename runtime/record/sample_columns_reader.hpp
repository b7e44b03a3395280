#pragma once
// The sample columns of a hwbench-result/2 file (docs/result-format.md): captured as integers
// while the JSON is parsed, rather than as JSON values, then checked and turned into a series'
// samples. runtime/record/result_file_reader.cpp reads the rest of the file.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/model/result.hpp"
#include "runtime/record/json_reader.hpp"

namespace hwbench::runtime::record {

/// A Figure object: {"value": number, "unit": text}.
model::Figure read_figure(JsonReader& in, const nlohmann::json& object, const std::string& where);

/// The integers of one sample column, kept as they were parsed rather than as JSON values (16
/// bytes and more each): the document holds a binary value in its place, whose subtype is the
/// column's index in the Captured list.
struct CapturedColumn {
  model::IntColumn values;     ///< as 64-bit patterns, as compact as the samples' own columns
  std::vector<bool> negative;  ///< per value, once one was negative (a signed JSON integer)
};
using Captured = std::vector<CapturedColumn>;

/// nlohmann's DOM builder, but each array of integers directly under a series' "samples" object
/// goes to a CapturedColumn. An array that turns out to hold anything else is handed to the DOM
/// after all, so that reading names its bad element as usual.
class ColumnCapture {
 public:
  using number_integer_t = nlohmann::json::number_integer_t;
  using number_unsigned_t = nlohmann::json::number_unsigned_t;
  using number_float_t = nlohmann::json::number_float_t;
  using string_t = nlohmann::json::string_t;
  using binary_t = nlohmann::json::binary_t;

  ColumnCapture(nlohmann::json& document, Captured& columns) : dom_(document), columns_(columns) {}

  bool null() {
    return other([&] { return dom_.null(); });
  }
  bool boolean(bool value) {
    return other([&] { return dom_.boolean(value); });
  }
  bool number_float(number_float_t value, const string_t& text) {
    return other([&] { return dom_.number_float(value, text); });
  }
  bool string(string_t& value) {
    return other([&] { return dom_.string(value); });
  }
  bool binary(binary_t& value) {
    return other([&] { return dom_.binary(value); });
  }
  bool number_unsigned(number_unsigned_t value) {
    if (!capturing_) return dom_.number_unsigned(value);
    columns_.back().values.push_back(value);
    if (!columns_.back().negative.empty()) columns_.back().negative.push_back(false);
    return true;
  }
  bool number_integer(number_integer_t value) {
    if (!capturing_) return dom_.number_integer(value);
    CapturedColumn& column = columns_.back();
    if (column.negative.empty()) column.negative.resize(column.values.size(), false);
    column.values.push_back(static_cast<std::uint64_t>(value));
    column.negative.push_back(value < 0);
    return true;
  }
  bool start_object(std::size_t n) {
    return other([&] {
      path_.push_back({true, ""});
      return dom_.start_object(n);
    });
  }
  bool key(string_t& name) {
    path_.back().key = name;
    return dom_.key(name);
  }
  bool end_object() {
    path_.pop_back();
    return dom_.end_object();
  }
  bool start_array(std::size_t n) {
    if (!capturing_ && in_samples_object()) {
      capturing_ = true;
      columns_.emplace_back();
      return true;
    }
    return other([&] {
      path_.push_back({false, ""});
      return dom_.start_array(n);
    });
  }
  bool end_array() {
    if (capturing_ && !columns_.back().values.empty()) {
      capturing_ = false;
      binary_t placeholder({}, columns_.size() - 1);
      return dom_.binary(placeholder);
    }
    // An empty array stays one, whatever its column holds.
    if (capturing_) other([] { return true; });
    path_.pop_back();
    return dom_.end_array();
  }
  // The parser passes its own exception type (nlohmann::json::parse_error …), which the DOM builder throws.
  template <typename Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& e) {
    return dom_.parse_error(position, token, e);
  }

 private:
  struct Level {
    bool object;
    std::string key;  ///< the member being read, in an object
  };

  // The path is root{"series"} / array / series{"samples"} / samples{column}.
  bool in_samples_object() const {
    return path_.size() == 4 && path_[0].object && path_[0].key == "series" && !path_[1].object && path_[2].object &&
           path_[2].key == "samples" && path_[3].object;
  }

  // Any event but an integer: inside a captured array, the array goes to the DOM after all.
  template <typename Event>
  bool other(Event event) {
    if (capturing_) {
      capturing_ = false;
      CapturedColumn column = std::move(columns_.back());
      columns_.pop_back();
      path_.push_back({false, ""});
      dom_.start_array(column.values.size());
      for (std::size_t i = 0; i < column.values.size(); ++i) {
        if (!column.negative.empty() && column.negative[i])
          dom_.number_integer(static_cast<number_integer_t>(column.values[i]));
        else
          dom_.number_unsigned(column.values[i]);
      }
    }
    return event();
  }

  nlohmann::detail::json_sax_dom_parser<nlohmann::json> dom_;
  Captured& columns_;
  std::vector<Level> path_;
  bool capturing_ = false;
};

/// A hwbench-result/2 series' parameter sets and samples, from `object` at `where`; the columns
/// ColumnCapture took from the text are in `captured` (nullptr: the document holds them all).
void read_columns(JsonReader& in, const nlohmann::json& object, const std::string& where, model::Series& series,
                  Captured* captured);

}  // namespace hwbench::runtime::record
