#include "runtime/record/toml_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <tuple>

#include <fmt/format.h>

#include "lang/common/diagnostics.hpp"
#include "runtime/support/suggestions.hpp"

namespace hwbench::runtime {

void Problems::at(const toml::value& where, std::string message) {
  const auto loc = where.location();
  items_.push_back({static_cast<std::uint32_t>(loc.line()), static_cast<std::uint32_t>(loc.column()), std::move(message)});
}

void Problems::whole_file(std::string message) { items_.push_back({0, 0, std::move(message)}); }

std::string Problems::render() const {
  auto sorted = items_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Item& a, const Item& b) {
    return std::tie(a.line, a.column) < std::tie(b.line, b.column);
  });
  std::string text;
  for (const auto& item : sorted) {
    if (!text.empty()) text += '\n';
    text += item.line == 0 ? fmt::format("{}: error: {}", file_, item.message)
                           : fmt::format("{}:{}:{}: error: {}", file_, item.line, item.column, item.message);
  }
  return text;
}

std::string join(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : ", ") + w;
  return text;
}

void check_keys(const toml::value& table, const std::vector<std::string>& known, std::string_view context,
                Problems& problems) {
  for (const auto& [key, value] : table.as_table()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    problems.at(value, fmt::format("unknown key '{}'{}; {}", key, context,
                                   support::did_you_mean(key, known, fmt::format("known keys: {}", join(known)))));
  }
}

const toml::value* find_key(const toml::value& table, const std::string& key) {
  const auto& t = table.as_table();
  auto it = t.find(key);
  return it == t.end() ? nullptr : &it->second;
}

std::optional<std::string> string_key(const toml::value& table, const std::string& key, std::string_view context,
                                      Problems& problems) {
  const toml::value* v = find_key(table, key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_string()) {
    problems.at(*v, fmt::format("{}'{}' must be a string", context, key));
    return std::nullopt;
  }
  return v->as_string().str;
}

std::optional<double> number(const toml::value& v) {
  if (v.is_integer()) return static_cast<double>(v.as_integer());
  if (v.is_floating() && std::isfinite(v.as_floating())) return v.as_floating();
  return std::nullopt;
}

namespace {

// toml11's message: "[error] summary" then " --> file" then an excerpt with a caret.
std::string toml_error(const std::string& name, const toml::exception& e) {
  std::istringstream lines(e.what());
  std::string first;
  std::getline(lines, first);
  if (first.rfind("[error] ", 0) == 0) first.erase(0, 8);
  std::string text = fmt::format("{}:{}: error: {}", name, e.location().line(), first);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind(" --> ", 0) == 0) continue;  // the file name, already given
    text += '\n' + line;
  }
  return text;
}

}  // namespace

std::optional<std::string> read_text_file(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = fmt::format("{}: error: cannot open: {}", path, std::strerror(errno));
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    error = fmt::format("{}: error: cannot read: {}", path, std::strerror(errno));
    return std::nullopt;
  }
  return text.str();
}

std::optional<toml::value> parse_toml(std::string_view text, const std::string& name, std::string& error) {
  try {
    std::istringstream in{std::string(text)};
    return toml::parse(in, name);
  } catch (const toml::exception& e) {
    error = toml_error(name, e);
  } catch (const std::exception& e) {
    error = fmt::format("{}: error: {}", name, e.what());
  }
  return std::nullopt;
}

}  // namespace hwbench::runtime
