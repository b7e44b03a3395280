#include "runtime/tools/bonnie/bonnie_log.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <utility>

#include <fmt/format.h>

#include "base/support/system_text.hpp"
#include "kernels/disk/bonnie.hpp"

namespace hwbench::runtime::tools::bonnie {

namespace {

using State = BonnieFigure::State;
using kernels::disk::bonnie_test_names;

constexpr std::size_t report_seeks = first_file_test - 1;

std::vector<Line> split_lines(std::string_view text) {
  std::string clean;
  clean.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    // U+00A0 (a web page's &nbsp;) stands for the space bonnie++ printed.
    if (text[i] == '\xC2' && i + 1 < text.size() && text[i + 1] == '\xA0') {
      clean += ' ';
      ++i;
    } else if (text[i] != '\r') {
      clean += text[i];
    }
  }
  std::vector<Line> lines;
  std::size_t start = 0, number = 1;
  while (start <= clean.size()) {
    const auto end = clean.find('\n', start);
    const auto stop = end == std::string::npos ? clean.size() : end;
    lines.push_back({number++, clean.substr(start, stop - start)});
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return lines;
}

/// A latency text ("92293us", "1132ms", "12s") in ns; 0 for an empty one.
std::optional<std::int64_t> latency(const std::string& text) {
  if (text.empty()) return 0;
  for (const auto& [suffix, factor] :
       {std::pair<const char*, std::int64_t>{"us", 1000}, {"ms", 1'000'000}, {"s", 1'000'000'000}}) {
    const std::string_view s(suffix);
    if (text.size() <= s.size() || text.compare(text.size() - s.size(), s.size(), s) != 0) continue;
    const auto v = number(text.substr(0, text.size() - s.size()));
    if (!v || text.find('.') != std::string::npos) return std::nullopt;
    return std::llround(*v * static_cast<double>(factor));
  }
  return std::nullopt;
}

bool whole_number(const std::string& text) { return number(text) && text.find('.') == std::string::npos; }

/// A rate of 2.00's tables ("350k", "56.3m", "603m", "1.2g") in K/sec.
std::optional<double> scaled(const std::string& text) {
  if (text.size() < 2) return std::nullopt;
  const auto v = number(text.substr(0, text.size() - 1));
  if (!v) return std::nullopt;
  switch (text.back()) {
    case 'k':
      return text.find('.') == std::string::npos ? v : std::nullopt;
    case 'm':
      return *v * 1024;
    case 'g':
      return *v * 1024 * 1024;
    default:
      return std::nullopt;
  }
}

}  // namespace

Log::Log(std::string_view text, std::string name) : lines_(split_lines(text)), name_(std::move(name)) {}

void Log::fail(Place at, const std::string& what) {
  if (!failed()) first_error_.error({static_cast<std::uint32_t>(at.line), static_cast<std::uint32_t>(at.column)}, what);
}

void Log::fail(const std::string& what) {
  if (!failed()) first_error_.error({}, what);
}

std::string trim(std::string_view s) { return support::trim(s, " "); }

std::optional<double> number(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789.") != std::string::npos) return std::nullopt;
  double v = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size()) return std::nullopt;
  return v;
}

void read_files_descriptor(const std::string& text, BonnieRun& run) {
  std::string files = text;
  if (const auto slash = files.find('/'); slash != std::string::npos) {
    run.num_dirs = files.substr(slash + 1);
    files.resize(slash);
  }
  if (const auto colon = files.find(':'); colon != std::string::npos) {
    const std::string sizes = files.substr(colon + 1);
    files.resize(colon);
    const auto second = sizes.find(':');
    run.max_size = sizes.substr(0, second);
    // The table prints `:max:0` for a max without a min; the CSV leaves the min empty.
    if (second != std::string::npos && sizes.substr(second + 1) != "0") run.min_size = sizes.substr(second + 1);
  }
  run.num_files = files;
}

void read_size_descriptor(const std::string& text, BonnieLayout layout, BonnieRun& run) {
  std::vector<std::string> items;
  for (std::size_t start = 0;;) {
    const auto colon = text.find(':', start);
    items.push_back(text.substr(start, colon == std::string::npos ? std::string::npos : colon - start));
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  items.resize(5);
  run.file_size = items[0];
  run.io_chunk_size = items[1];
  if (layout != BonnieLayout::v2_00) return;
  run.concurrency = items[2].empty() ? "1" : items[2];
  run.seeks = items[3].empty() ? "8192" : items[3];
  run.seek_proc_count = items[4].empty() ? "5" : items[4];
}

bool figures(Parsed& p, BonnieLayout layout, bool table, Log& log) {
  const bool v2_00 = layout == BonnieLayout::v2_00;
  for (std::size_t t = 0; t < tests; ++t) {
    const Printed& pr = p.printed[t];
    BonnieFigure& f = p.run.tests[t];
    const std::string name(bonnie_test_names[t]);
    const auto bad = [&](const std::string& what, const std::string& text, Place at) {
      log.fail(at, fmt::format("{} of {} is '{}', not a figure bonnie++ prints", what, name, text));
      return false;
    };
    // bonnie++ prints both cells of a test, or both placeholders, or neither.
    const bool quick_rate = pr.rate == "+++++", quick_cpu = pr.cpu == "+++";
    if (quick_rate != quick_cpu)
      return quick_rate ? bad("the %CP", pr.cpu, pr.cpu_at) : bad("the rate", pr.rate, pr.rate_at);
    if (pr.rate.empty() != pr.cpu.empty())
      return pr.rate.empty() ? bad("the rate", "", pr.rate_at) : bad("the %CP", "", pr.cpu_at);
    if (quick_rate) {
      f.state = State::too_quick;
    } else if (!pr.rate.empty()) {
      if (!whole_number(pr.cpu)) return bad("the %CP", pr.cpu, pr.cpu_at);
      f.state = State::measured;
      f.cpu = *number(pr.cpu);
      if (table && v2_00 && t + 1 < first_file_test) {
        const auto v = scaled(pr.rate);
        if (!v) return bad("the rate", pr.rate, pr.rate_at);
        f.rate = *v;
      } else if (table && v2_00 && t >= first_file_test) {
        // 2.00 passes the rate, a double, to %d: what it prints is not the figure.
        const std::string digits = pr.rate.starts_with('-') ? pr.rate.substr(1) : pr.rate;
        if (!whole_number(digits)) return bad("the rate", pr.rate, pr.rate_at);
        f.rate_known = false;
        p.run.table_rates[name] = pr.rate;
      } else {
        const auto rate = number(pr.rate);
        if (!rate || (t != report_seeks && !whole_number(pr.rate))) return bad("the rate", pr.rate, pr.rate_at);
        f.rate = *rate;
      }
    }
    const auto l = latency(pr.latency);
    if (!l) return bad("the latency", pr.latency, pr.latency_at);
    f.latency_ns = *l;
  }
  return true;
}

}  // namespace hwbench::runtime::tools::bonnie
