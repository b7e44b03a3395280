#include "runtime/import/bonnie/bonnie_log.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <utility>

#include <fmt/format.h>

#include "kernels/disk/bonnie.hpp"
#include "runtime/support/system_text.hpp"

namespace hwbench::runtime::import::bonnie {

using report::BonnieFigure;

namespace {

using State = BonnieFigure::State;
using kernels::disk::bonnie_test_names;

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
  for (const auto& [suffix, factor] : {std::pair<const char*, std::int64_t>{"us", 1000}, {"ms", 1'000'000}, {"s", 1'000'000'000}}) {
    const std::string_view s(suffix);
    if (text.size() <= s.size() || text.compare(text.size() - s.size(), s.size(), s) != 0) continue;
    const auto v = number(text.substr(0, text.size() - s.size()));
    if (!v) return std::nullopt;
    return std::llround(*v * static_cast<double>(factor));
  }
  return std::nullopt;
}

}  // namespace

Log::Log(std::string_view text, std::string name) : lines_(split_lines(text)), name_(std::move(name)) {}

void Log::fail(std::size_t line, const std::string& what) {
  if (!failed()) first_error_.error({static_cast<std::uint32_t>(line), 0}, what);
}

void Log::fail(const std::string& what) {
  if (!failed()) first_error_.error({}, what);
}

std::string trim(std::string_view s) { return support::trim(s, " "); }

std::optional<double> number(const std::string& text) {
  double v = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size()) return std::nullopt;
  return v;
}

bool figures(Parsed& p, std::size_t line, Log& log) {
  for (std::size_t t = 0; t < tests; ++t) {
    const Printed& pr = p.printed[t];
    BonnieFigure& f = p.run.tests[t];
    const auto bad = [&](const std::string& what, const std::string& text) {
      log.fail(line, fmt::format("{} of {} is '{}', not a figure bonnie++ prints", what, bonnie_test_names[t], text));
      return false;
    };
    if (pr.rate == "+++++" || pr.cpu == "+++") {
      f.state = State::too_quick;
    } else if (!pr.rate.empty()) {
      const auto rate = number(pr.rate);
      const auto cpu = number(pr.cpu);
      if (!rate) return bad("the rate", pr.rate);
      if (!cpu) return bad("the %CP", pr.cpu);
      f.state = State::measured;
      f.rate = *rate;
      f.cpu = *cpu;
    }
    const auto l = latency(pr.latency);
    if (!l) return bad("the latency", pr.latency);
    f.latency_ns = *l;
  }
  return true;
}

}  // namespace hwbench::runtime::import::bonnie
