// A list kept in JSON as its only element when it has one and as an array otherwise: how a
// tool's log record (nbench's system lines, bonnie++'s runs) keeps the usual single run
// readable and still holds several.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

namespace hwbench::runtime::record {

template <class T>
void one_or_many_to_json(nlohmann::json& json, const std::vector<T>& items) {
  if (items.size() == 1) {
    json = items.front();
    return;
  }
  json = nlohmann::json::array();
  for (const auto& item : items) json.push_back(item);
}

/// The items of `json`: one for an object, each element for an array, none otherwise.
template <class T>
std::vector<T> one_or_many_from_json(const nlohmann::json& json) {
  std::vector<T> items;
  if (json.is_object()) items.push_back(json.get<T>());
  if (json.is_array())
    for (const auto& item : json) items.push_back(item.get<T>());
  return items;
}

}  // namespace hwbench::runtime::record
