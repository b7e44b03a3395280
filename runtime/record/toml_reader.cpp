#include "runtime/record/toml_reader.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <tuple>

#include <fmt/format.h>

#include "base/platform/whole_file.hpp"
#include "base/support/suggestions.hpp"
#include "base/support/system_text.hpp"
#include "lang/common/diagnostics.hpp"

namespace hwbench::runtime::record {

void Problems::at(const toml::value& where, std::string message) {
  const auto loc = where.location();
  diagnostics_.error({static_cast<std::uint32_t>(loc.line()), static_cast<std::uint32_t>(loc.column())},
                     std::move(message));
}

void Problems::at_key(const toml::value& value, const std::string& key, std::string message) {
  const auto loc = value.location();
  lang::SourceLoc place{static_cast<std::uint32_t>(loc.line()), static_cast<std::uint32_t>(loc.column())};
  std::uint32_t length = 1;
  // The value's line, up to the value: the key stands last before it (`key = v`, `"key" = v`).
  std::size_t start = 0;
  for (std::uint32_t line = 1; line < place.line && start != std::string::npos; ++line) {
    start = text_.find('\n', start);
    if (start != std::string::npos) ++start;
  }
  if (!key.empty() && start != std::string::npos && place.column > 1) {
    const std::string before = text_.substr(start, place.column - 1);
    if (const std::size_t at = before.rfind(key); at != std::string::npos) {
      place.column = static_cast<std::uint32_t>(at + 1);
      length = static_cast<std::uint32_t>(key.size());
    }
  }
  diagnostics_.error(place, std::move(message), {}, length);
}

void Problems::whole_file(std::string message) { diagnostics_.error({}, std::move(message)); }

std::string Problems::render() const {
  auto sorted = diagnostics_;
  sorted.sort_by_place();
  if (text_.empty()) return lang::render_brief(sorted, file_);
  std::ostringstream out;
  sorted.render(lang::Source{file_, text_}, out, lang::Excerpt::source_line);
  std::string text = out.str();
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

void check_keys(const toml::value& table, const std::vector<std::string>& known, std::string_view context,
                Problems& problems) {
  for (const auto& [key, value] : table.as_table()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    const std::string listed = fmt::format("known keys: {}", support::join(known, ", "));
    problems.at_key(value, key,
                    fmt::format("unknown key '{}'{}; {}", key, context, support::did_you_mean(key, known, listed)));
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

std::string whole_file_error(const std::string& file, std::string message) {
  lang::Diagnostics diagnostics;
  diagnostics.error({}, std::move(message));
  return lang::render_brief(diagnostics, file);
}

// toml11's message: "[error] summary" then " --> file" then an excerpt with a caret, which is
// kept as it is; toml11 gives no column, so the heading names the line alone.
std::string toml_error(const std::string& name, const toml::exception& e) {
  std::istringstream lines(e.what());
  std::string message;
  std::getline(lines, message);
  if (message.starts_with("[error] ")) message.erase(0, 8);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.starts_with(" --> ")) continue;  // the file name, already given
    message += '\n' + line;
  }
  lang::Diagnostics diagnostics;
  diagnostics.error({static_cast<std::uint32_t>(e.location().line()), 0}, std::move(message));
  return lang::render_brief(diagnostics, name);
}

}  // namespace

std::optional<std::string> read_text_file(const std::string& path, std::string& error) {
  platform::FileReadError why;
  auto text = platform::read_whole_file(path, &why);
  if (!text)
    error = whole_file_error(path, fmt::format("{}: {}", why.opened ? "cannot read" : "cannot open", why.reason));
  return text;
}

std::optional<toml::value> parse_toml(std::string_view text, const std::string& name, std::string& error) {
  try {
    std::istringstream in{std::string(text)};
    return toml::parse(in, name);
  } catch (const toml::exception& e) {
    error = toml_error(name, e);
  } catch (const std::exception& e) {
    error = whole_file_error(name, e.what());
  }
  return std::nullopt;
}

}  // namespace hwbench::runtime::record
