#include "runtime/remote/fleet_file.hpp"

#include <fmt/format.h>

#include "runtime/record/toml_reader.hpp"

namespace hwbench::runtime::remote {

using record::find_key;

std::string destination_problem(const std::string& destination) {
  if (destination.empty()) return "an empty ssh destination";
  if (destination[0] == '-')
    return fmt::format("the ssh destination '{}' starts with '-' (ssh would take it for an option)", destination);
  return "";
}

std::string file_name_part(std::string_view name) {
  std::string out;
  for (char c : name) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                      c == '_' || c == '@' || c == '-';
    out += keep ? c : '_';
  }
  return out;
}

namespace {

const std::vector<std::string> host_keys{"name", "ssh", "locations", "dist", "cache"};

/// The `locations` table of a host as -L arguments.
void read_locations(const toml::value& table, const std::string& context, Host& host, record::Problems& problems) {
  if (!table.is_table()) {
    problems.at(table,
                fmt::format("{}'locations' must be a table of NAME = \"PATH\", like {{ disk = \"/mnt/disk1/test\" }}",
                            context));
    return;
  }
  for (const auto& [key, value] : table.as_table()) {
    if (key.empty() || key.find('=') != std::string::npos) {
      problems.at_key(
          value, key,
          fmt::format("{}'{}' is not a location name: write a NAME or a \"/DIR\", without '='", context, key));
      continue;
    }
    if (!value.is_string()) {
      problems.at(value, fmt::format("{}the location '{}' must be a path in quotes", context, key));
      continue;
    }
    const std::string path = value.as_string().str;
    if (path.empty() || path[0] != '/') {
      problems.at(
          value, fmt::format("{}the location '{}' must be an absolute path on the host, not '{}'", context, key, path));
      continue;
    }
    host.locations.push_back(key + "=" + path);
  }
}

}  // namespace

std::optional<std::vector<Host>> parse_fleet(std::string_view text, const std::string& name, std::string& error) {
  const auto root = record::parse_toml(text, name, error);
  if (!root) return std::nullopt;
  record::Problems problems(name, std::string(text));
  record::check_keys(*root, {"host"}, "", problems);
  std::vector<Host> hosts;
  const toml::value* list = find_key(*root, "host");
  if (list == nullptr || !list->is_array() || list->as_array().empty()) {
    problems.whole_file("no [[host]] tables: each host is a [[host]] with at least ssh = \"DESTINATION\"");
  } else {
    for (std::size_t i = 0; i < list->as_array().size(); ++i) {
      const toml::value& table = list->as_array()[i];
      const std::string context = fmt::format("host {}: ", i + 1);
      if (!table.is_table()) {
        problems.at(table, fmt::format("{}must be a table", context));
        continue;
      }
      record::check_keys(table, host_keys, fmt::format(" in host {}", i + 1), problems);
      Host host;
      const auto ssh = record::string_key(table, "ssh", context, problems);
      if (!find_key(table, "ssh")) {
        problems.at(table, fmt::format("{}missing key 'ssh' (the destination, as ssh takes it: user@host or an alias)",
                                       context));
      } else if (ssh) {
        if (const std::string why = destination_problem(*ssh); !why.empty())
          problems.at(*find_key(table, "ssh"), context + why);
        host.destination = *ssh;
      }
      host.name = record::string_key(table, "name", context, problems).value_or(host.destination);
      if (find_key(table, "name") && host.name.empty())
        problems.at(*find_key(table, "name"), context + "'name' is empty");
      if (const toml::value* locations = find_key(table, "locations"))
        read_locations(*locations, context, host, problems);
      host.dist = record::string_key(table, "dist", context, problems).value_or("");
      host.cache = record::string_key(table, "cache", context, problems).value_or("");
      // The copy is made from the login directory and the run starts in its own: only an
      // absolute directory is the same place for both (and ssh's quoting keeps `~` as it is).
      if (!host.cache.empty() && host.cache[0] != '/')
        problems.at(*find_key(table, "cache"),
                    fmt::format("{}'cache' must be an absolute directory on the host, not '{}'", context, host.cache));
      for (const auto& other : hosts)
        if (!host.name.empty() && other.name == host.name)
          problems.at(table,
                      fmt::format("{}the name '{}' is given twice: each host needs its own", context, host.name));
      hosts.push_back(std::move(host));
    }
  }
  if (problems.any()) {
    error = problems.render();
    return std::nullopt;
  }
  return hosts;
}

std::optional<std::vector<Host>> load_fleet(const std::string& path, std::string& error) {
  const auto text = record::read_text_file(path, error);
  if (!text) return std::nullopt;
  return parse_fleet(*text, path, error);
}

}  // namespace hwbench::runtime::remote
