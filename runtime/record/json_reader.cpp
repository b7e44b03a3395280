#include "runtime/record/json_reader.hpp"

namespace hwbench::runtime::record {

void JsonReader::fail(const std::string& where, const std::string& what) {
  if (!failed()) problems_.error({}, where + ": " + what);
}

std::string JsonReader::join(const std::string& where, const std::string& key) {
  return where.empty() ? key : where + "." + key;
}

std::string JsonReader::at(const std::string& where, std::size_t index) {
  return where + "[" + std::to_string(index) + "]";
}

const JsonReader::json* JsonReader::member(const json& object, const std::string& where, const std::string& key,
                                           bool optional) {
  if (failed()) return nullptr;
  const auto it = object.find(key);
  if (it == object.end()) {
    if (!optional) fail(join(where, key), "missing");
    return nullptr;
  }
  return &*it;
}

bool JsonReader::expect(const json& value, const std::string& where, bool ok, const char* expected) {
  if (!ok) fail(where, std::string("expected ") + expected + ", got " + describe(value));
  return ok;
}

std::string JsonReader::text(const json& object, const std::string& where, const std::string& key) {
  const json* value = member(object, where, key);
  if (value == nullptr || !expect(*value, join(where, key), value->is_string(), "a string")) return {};
  return value->get<std::string>();
}

bool JsonReader::boolean(const json& object, const std::string& where, const std::string& key) {
  const json* value = member(object, where, key);
  if (value == nullptr || !expect(*value, join(where, key), value->is_boolean(), "true or false")) return false;
  return value->get<bool>();
}

std::uint64_t JsonReader::unsigned_integer(const json& object, const std::string& where, const std::string& key,
                                           std::uint64_t max) {
  const json* value = member(object, where, key);
  return value == nullptr ? 0 : unsigned_value(*value, join(where, key), max);
}

std::int64_t JsonReader::signed_integer(const json& object, const std::string& where, const std::string& key) {
  const json* value = member(object, where, key);
  return value == nullptr ? 0 : signed_value(*value, join(where, key));
}

std::uint64_t JsonReader::unsigned_value(const json& value, const std::string& path, std::uint64_t max) {
  if (!expect(value, path, value.is_number_unsigned(), "an unsigned integer")) return 0;
  const auto n = value.get<std::uint64_t>();
  if (n > max) {
    fail(path, "out of range (at most " + std::to_string(max) + "), got " + value.dump());
    return 0;
  }
  return n;
}

std::int64_t JsonReader::signed_value(const json& value, const std::string& path) {
  if (!expect(value, path, value.is_number_integer(), "an integer")) return 0;
  if (value.is_number_unsigned()) {
    const auto n = value.get<std::uint64_t>();
    if (n > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      fail(path, "out of range for a signed 64-bit integer, got " + value.dump());
      return 0;
    }
    return static_cast<std::int64_t>(n);
  }
  return value.get<std::int64_t>();
}

double JsonReader::number(const json& object, const std::string& where, const std::string& key) {
  const json* value = member(object, where, key);
  if (value == nullptr) return 0;
  return number_value(*value, join(where, key));
}

double JsonReader::number_value(const json& value, const std::string& path) {
  if (value.is_number()) return value.get<double>();
  if (value.is_string()) {
    const auto& s = value.get_ref<const std::string&>();
    if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    if (s == "inf") return std::numeric_limits<double>::infinity();
    if (s == "-inf") return -std::numeric_limits<double>::infinity();
  }
  expect(value, path, false, "a number (or \"nan\", \"inf\", \"-inf\")");
  return 0;
}

std::vector<double> JsonReader::number_list(const json& parent, const std::string& where, const std::string& key) {
  std::vector<double> out;
  const json* value = array(parent, where, key);
  if (value == nullptr) return out;
  const auto path = join(where, key);
  for (std::size_t i = 0; i < value->size() && !failed(); ++i) out.push_back(number_value((*value)[i], at(path, i)));
  return out;
}

const JsonReader::json* JsonReader::object(const json& parent, const std::string& where, const std::string& key) {
  const json* value = member(parent, where, key);
  if (value == nullptr || !expect(*value, join(where, key), value->is_object(), "an object")) return nullptr;
  return value;
}

const JsonReader::json* JsonReader::array(const json& parent, const std::string& where, const std::string& key) {
  const json* value = member(parent, where, key);
  if (value == nullptr || !expect(*value, join(where, key), value->is_array(), "an array")) return nullptr;
  return value;
}

std::map<std::string, std::string> JsonReader::strings(const json& parent, const std::string& where,
                                                       const std::string& key) {
  std::map<std::string, std::string> out;
  const json* value = object(parent, where, key);
  if (value == nullptr) return out;
  const auto path = join(where, key);
  for (const auto& [name, item] : value->items()) {
    if (!expect(item, join(path, name), item.is_string(), "a string")) return out;
    out[name] = item.get<std::string>();
  }
  return out;
}

std::vector<std::string> JsonReader::string_list(const json& parent, const std::string& where, const std::string& key) {
  std::vector<std::string> out;
  const json* value = array(parent, where, key);
  if (value == nullptr) return out;
  const auto path = join(where, key);
  for (std::size_t i = 0; i < value->size(); ++i) {
    if (!expect((*value)[i], at(path, i), (*value)[i].is_string(), "a string")) return out;
    out.push_back((*value)[i].get<std::string>());
  }
  return out;
}

std::string JsonReader::describe(const json& value) {
  if (value.is_number()) return value.dump();
  if (value.is_boolean()) return value.dump();
  return value.type_name();
}

}  // namespace hwbench::runtime::record
