#include "runtime/record/sample_columns_reader.hpp"

#include <limits>
#include <optional>

namespace hwbench::runtime::record {

using nlohmann::json;

namespace {

/// What a column's numbers may be.
enum class Numbers { unsigned_64, unsigned_32, signed_64 };

/// One hwbench-result/2 column as read: a value for every sample, or one for all.
struct Column {
  model::IntColumn values;  ///< one per sample, as 64-bit patterns; empty when `all` holds
  std::uint64_t all = 0;
  std::uint64_t operator[](std::size_t i) const { return values.empty() ? all : values[i]; }
};

std::uint64_t read_number(JsonReader& in, const json& value, const std::string& path, Numbers numbers) {
  switch (numbers) {
    case Numbers::unsigned_64:
      return in.unsigned_value(value, path);
    case Numbers::unsigned_32:
      return in.unsigned_value(value, path, std::numeric_limits<std::uint32_t>::max());
    case Numbers::signed_64:
      return static_cast<std::uint64_t>(in.signed_value(value, path));
  }
  return 0;
}

// The largest non-negative value `numbers` allows.
std::uint64_t largest(Numbers numbers) {
  switch (numbers) {
    case Numbers::unsigned_64:
      return std::numeric_limits<std::uint64_t>::max();
    case Numbers::unsigned_32:
      return std::numeric_limits<std::uint32_t>::max();
    case Numbers::signed_64:
      return std::numeric_limits<std::int64_t>::max();
  }
  return 0;
}

// A well-formed element's value, read without making its path.
std::optional<std::uint64_t> quick_number(const json& item, Numbers numbers) {
  if (item.is_number_unsigned()) {
    const auto n = item.get<std::uint64_t>();
    if (n <= largest(numbers)) return n;
  } else if (item.is_number_integer() && numbers == Numbers::signed_64) {
    return static_cast<std::uint64_t>(item.get<std::int64_t>());
  }
  return std::nullopt;
}

// The column `key` of a samples object: one number (every sample's) or an array of `count`.
// The path of an element is only made for an element that is wrong: a column may have millions.
Column read_column(JsonReader& in, const json& object, const std::string& where, const std::string& key,
                   std::size_t count, Numbers numbers, Captured* captured) {
  Column column;
  const json* value = in.member(object, where, key);
  if (value == nullptr) return column;
  const auto path = JsonReader::join(where, key);
  if (value->is_binary() && captured != nullptr && value->get_binary().subtype() < captured->size()) {
    CapturedColumn& parsed = (*captured)[value->get_binary().subtype()];
    if (parsed.values.size() != count) {
      in.fail(path, "expected " + std::to_string(count) + " values (samples.count), got " +
                        std::to_string(parsed.values.size()));
      return column;
    }
    const std::uint64_t max = largest(numbers);
    for (std::size_t i = 0; i < count && !in.failed(); ++i) {
      const std::uint64_t v = parsed.values[i];
      const bool negative = !parsed.negative.empty() && parsed.negative[i];
      if (negative ? numbers == Numbers::signed_64 : v <= max) continue;
      // Out of range: read as the JSON value it was, for the reader's own message.
      read_number(in, negative ? json(static_cast<std::int64_t>(v)) : json(v), JsonReader::at(path, i), numbers);
    }
    column.values = std::move(parsed.values);
    return column;
  }
  if (!value->is_array()) {
    if (value->is_number())
      column.all = read_number(in, *value, path, numbers);
    else
      in.expect(*value, path, false, "an integer or an array of integers");
    return column;
  }
  if (value->size() != count) {
    in.fail(path,
            "expected " + std::to_string(count) + " values (samples.count), got " + std::to_string(value->size()));
    return column;
  }
  for (std::size_t i = 0; i < count && !in.failed(); ++i) {
    const json& item = (*value)[i];
    if (const auto quick = quick_number(item, numbers))
      column.values.push_back(*quick);
    else
      column.values.push_back(read_number(in, item, JsonReader::at(path, i), numbers));
  }
  return column;
}

// A column of true/false: one for all, or an array of `count`.
std::vector<bool> read_flags(JsonReader& in, const json& object, const std::string& where, const std::string& key,
                             std::size_t count) {
  const json* value = in.member(object, where, key);
  if (value == nullptr) return {};
  const auto path = JsonReader::join(where, key);
  if (value->is_boolean()) return std::vector<bool>(count, value->get<bool>());
  if (!in.expect(*value, path, value->is_array(), "true, false or an array of them")) return {};
  if (value->size() != count) {
    in.fail(path,
            "expected " + std::to_string(count) + " values (samples.count), got " + std::to_string(value->size()));
    return {};
  }
  std::vector<bool> flags(count);
  for (std::size_t i = 0; i < count; ++i) {
    const json& item = (*value)[i];
    if (!in.expect(item, JsonReader::at(path, i), item.is_boolean(), "true or false")) return {};
    flags[i] = item.get<bool>();
  }
  return flags;
}

// The optional figure column: an array of `count`, each a Figure or null.
std::vector<std::optional<model::Figure>> read_figure_column(JsonReader& in, const json& object,
                                                             const std::string& where, std::size_t count) {
  // Empty without a "figure" member: measured samples have none, and a million empty ones
  // would take 48 MB.
  std::vector<std::optional<model::Figure>> figures;
  if (!in.member(object, where, "figure", /*optional=*/true)) return figures;
  figures.resize(count);
  const json* value = in.array(object, where, "figure");
  const auto path = JsonReader::join(where, "figure");
  if (value == nullptr) return figures;
  if (value->size() != count) {
    in.fail(path,
            "expected " + std::to_string(count) + " values (samples.count), got " + std::to_string(value->size()));
    return figures;
  }
  for (std::size_t i = 0; i < count && !in.failed(); ++i) {
    const json& item = (*value)[i];
    if (item.is_null()) continue;
    const auto item_path = JsonReader::at(path, i);
    if (in.expect(item, item_path, item.is_object(), "an object or null"))
      figures[i] = read_figure(in, item, item_path);
  }
  return figures;
}

}  // namespace

// A hwbench-result/2 series' samples: its parameter sets, then the object of columns.
void read_columns(JsonReader& in, const json& object, const std::string& where, model::Series& series,
                  Captured* captured) {
  in.each_object(object, where, "param_sets", [&](const json& item, const std::string& path) {
    model::ParamSet set;
    set.kernel = in.text(item, path, "kernel");
    set.params = in.strings(item, path, "params");
    series.param_sets.push_back(std::move(set));
  });
  const json* samples = in.object(object, where, "samples");
  if (samples == nullptr) return;
  const auto path = JsonReader::join(where, "samples");
  const std::size_t n = in.unsigned_integer(*samples, path, "count", std::numeric_limits<std::uint32_t>::max());
  using enum Numbers;
  const auto column = [&](const char* key, Numbers numbers) {
    return read_column(in, *samples, path, key, n, numbers, captured);
  };
  const Column param_set = column("param_set", unsigned_32);
  // Without an iteration column the samples count 1, 2, … n.
  const bool counted = in.member(*samples, path, "iteration", /*optional=*/true) == nullptr;
  const Column iteration = counted ? Column{} : column("iteration", unsigned_32);
  const Column units = column("units", unsigned_64), bytes = column("bytes", unsigned_64),
               ops = column("ops", unsigned_64);
  const Column wall = column("wall_ns", signed_64), usr = column("usr_ns", signed_64),
               sys = column("sys_ns", signed_64), cusr = column("cusr_ns", signed_64),
               csys = column("csys_ns", signed_64), latency = column("max_latency_ns", signed_64),
               start = column("start_unix_ns", signed_64);
  // Without a cpu_samples column every sample's CPU time is its own.
  const bool own_cpu = in.member(*samples, path, "cpu_samples", /*optional=*/true) == nullptr;
  const Column cpu_samples = own_cpu ? Column{{}, 1} : column("cpu_samples", unsigned_32);
  // Without a max_rss_kb column no sample ran a program.
  const bool no_rss = in.member(*samples, path, "max_rss_kb", /*optional=*/true) == nullptr;
  const Column rss = no_rss ? Column{{}, 0} : column("max_rss_kb", signed_64);
  // Without a block column the samples were taken back to back.
  const bool no_blocks = in.member(*samples, path, "block", /*optional=*/true) == nullptr;
  const Column block = no_blocks ? Column{{}, 0} : column("block", unsigned_32);
  const std::vector<bool> cold = read_flags(in, *samples, path, "cold", n);
  const std::vector<bool> cpu_timed = read_flags(in, *samples, path, "cpu_timed", n);
  std::vector<std::optional<model::Figure>> figures = read_figure_column(in, *samples, path, n);
  for (std::size_t i = 0; i < n && !in.failed(); ++i) {
    if (param_set[i] >= series.param_sets.size()) {
      in.fail(param_set.values.empty() ? JsonReader::join(path, "param_set")
                                       : JsonReader::at(JsonReader::join(path, "param_set"), i),
              std::to_string(param_set[i]) + " names no entry of param_sets (it has " +
                  std::to_string(series.param_sets.size()) + ")");
    }
  }
  if (in.failed()) return;
  const auto as_signed = [](std::uint64_t v) { return static_cast<std::int64_t>(v); };
  std::uint64_t start_ns = 0;
  for (std::size_t i = 0; i < n; ++i) {
    model::Sample s;
    s.param_set = static_cast<std::uint32_t>(param_set[i]);
    s.iteration = static_cast<std::uint32_t>(counted ? i + 1 : iteration[i]);
    s.units = units[i];
    s.bytes = bytes[i];
    s.ops = ops[i];
    s.wall_ns = as_signed(wall[i]);
    s.cpu = {as_signed(usr[i]), as_signed(sys[i]), as_signed(cusr[i]), as_signed(csys[i])};
    s.cpu_samples = static_cast<std::uint32_t>(cpu_samples[i]);
    s.max_latency_ns = as_signed(latency[i]);
    s.max_rss_kb = as_signed(rss[i]);
    s.block = static_cast<std::uint32_t>(block[i]);
    // An array of start times holds the first and then each one's difference from the one before.
    start_ns = start.values.empty() ? start.all : start_ns + start.values[i];
    s.start_unix_ns = as_signed(start_ns);
    s.cold = cold[i];
    s.cpu_timed = cpu_timed[i];
    if (!figures.empty()) s.figure = std::move(figures[i]);
    series.samples.push_back(s);
  }
}

}  // namespace hwbench::runtime::record
