#include "runtime/cli/progress.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string_view>

#include <fmt/format.h>

#include "base/support/human_units.hpp"
#include "base/support/text_columns.hpp"
#include "runtime/analysis/blocks.hpp"
#include "runtime/analysis/shell_time.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/cli/terminal.hpp"
#include "runtime/report/settle_note.hpp"

namespace hwbench::runtime::cli {

namespace {

constexpr std::int64_t kRedrawNs = 100'000'000;  // the status line changes at most ten times a second
constexpr std::size_t kLabelColumns = 28;        // longer labels are not padded to a common width

std::string_view env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

/// The 95% half-interval of the series' mean as a share of it (NaN under two samples), as the
/// reports give it from the series' own samples: in blocks, from the block means where they
/// differ more than the samples explain; never closer than the printed digits say. The run's
/// drift, known only at its end, may widen the reports' (docs/language.md, "Blocks").
double own_interval_pct(const model::Series& series) {
  const analysis::Unit& unit = analysis::natural_unit(series);
  std::vector<std::uint32_t> blocks;
  const std::vector<double> values = analysis::sample_values(series, unit, &blocks);
  if (values.size() < 2) return std::nan("");
  const double mean = analysis::mean(values);
  if (mean == 0) return std::nan("");
  const double half = analysis::block_interval(values, blocks, {}, analysis::figure_resolution(series, unit)).half;
  return half / std::fabs(mean) * 100;
}

}  // namespace

ProgressStyle progress_style(int fd, bool verbose, const std::string& color) {
  ProgressStyle style;
  style.per_sample = verbose;
  const bool terminal = is_terminal(fd);
  const bool dumb = env("TERM") == "dumb";
  style.status_line = terminal && !dumb;
  if (color == "always")
    style.color = true;
  else if (color == "auto")
    style.color = terminal && !dumb && env("NO_COLOR").empty();
  style.width = terminal_columns(fd).value_or(style.width);
  return style;
}

std::string clock_time(double seconds) {
  const auto s = static_cast<long long>(std::max(0.0, seconds));  // whole seconds, as a clock shows them
  if (s < 3600) return fmt::format("{}:{:02}", s / 60, s % 60);
  return fmt::format("{}:{:02}:{:02}", s / 3600, (s % 3600) / 60, s % 60);
}

// A figure in its own unit, with four significant digits: "2514.3 MB/s", "0.1200 ms".
std::string human_figure(double value, const std::string& unit) {
  return fmt::format("{} {}", support::human_number(value), unit);
}

std::string human_rate(double per_second, bool bytes) {
  if (bytes) return fmt::format("{:.1f} MB/s", per_second / 1e6);
  // Scaled as the summary table scales it: "10.00 k ops/s", "2.000 G ops/s".
  const auto shown = analysis::scaled_unit(*analysis::find_unit("ops/s"), per_second);
  return human_figure(per_second / shown.divisor, shown.name);
}

ProgressDisplay::ProgressDisplay(std::ostream& out, platform::Clock& clock, ProgressStyle style)
    : out_(out), clock_(clock), style_(style) {}

std::string ProgressDisplay::section_of(const std::string& label) const {
  const auto it = sections_.find(label);
  return it == sections_.end() ? std::string() : it->second;
}

ProgressDisplay::Track& ProgressDisplay::track(const std::string& section, const std::string& label) {
  auto [it, added] = index_.try_emplace(track_key(section, label), tracks_.size());
  if (added) {
    Track fresh;
    fresh.label = label;
    tracks_.push_back(std::move(fresh));
  }
  return tracks_[it->second];
}

void ProgressDisplay::run_begins(const plan::Plan& plan) {
  start_ns_ = mark_ns_ = clock_.now_ns();
  sections_ = plan.series_sections;
  for (const auto& label : plan.series_order) {
    Track& t = track(section_of(label), label);
    if (auto it = plan.samples_max.find(label); it != plan.samples_max.end()) t.planned = it->second;
    label_width_ = std::max(label_width_, std::min(support::display_width(label), kLabelColumns));
  }
  note_sample_lengths(plan);
}

void ProgressDisplay::note_sample_lengths(const plan::Plan& plan) {
  // A series' samples have a known length only when every statement of it is `for` a duration.
  std::map<std::string, bool> unbounded;
  auto note = [&](const plan::Step& step, const plan::Interleave* block) {
    if (step.series.empty() || !index_.count(track_key(section_of(step.series), step.series))) return;
    Track& t = track(section_of(step.series), step.series);
    const plan::Policy* p = step.kind == plan::Step::Kind::kernel ? &step.kernel.policy : nullptr;
    if (p && p->until_ci_pct > 0) t.until_ci_pct = p->until_ci_pct;
    if (!p || p->for_seconds <= 0) unbounded[step.series] = true;
    t.for_seconds = unbounded[step.series] ? 0 : std::max(t.for_seconds, p->for_seconds);
    if (block != nullptr && block->slice_seconds > 0) t.budget_seconds = block->rounds * block->slice_seconds;
  };
  for (const auto& step : plan.main) {
    if (step.kind != plan::Step::Kind::interleave) {
      note(step, nullptr);
      continue;
    }
    for (const auto& child : step.children) note(child, &step.interleave);
  }
}

void ProgressDisplay::step_begins(const plan::Step& step) {
  const std::int64_t now = clock_.now_ns();
  // Statements in turns all warm up before the first turn: each one's warm-up is its own time.
  if (begun_ && current_ < tracks_.size()) tracks_[current_].seconds += static_cast<double>(now - mark_ns_) / 1e9;
  begun_ = false;
  mark_ns_ = now;
  wait_status_.clear();
  const auto found = index_.find(track_key(section_of(step.series), step.series));
  if (found == index_.end()) return;  // a statement whose importer's series stand in for its own
  begun_ = true;
  const std::size_t i = found->second;
  const bool changed = i != current_;
  current_ = i;
  draw_status(mark_ns_, changed);
}

void ProgressDisplay::sample_taken(const plan::Step& step, const model::Series& series) {
  const std::int64_t now = clock_.now_ns();
  // A series an importer read from a program's output joins the display as it appears.
  Track& t = track(series.section, series.label);
  const model::Sample& s = series.samples.back();
  t.seconds += static_cast<double>(now - mark_ns_) / 1e9;
  mark_ns_ = now;
  begun_ = false;
  t.bytes = s.bytes > 0;
  if (s.figure) t.unit = s.figure->unit;
  const double rate = s.figure ? s.figure->value : analysis::work_rate(s);
  const std::int64_t ns = model::timed_ns(s);
  ++t.done;
  // A sample without time (a shell run the start-up took to 0 s) has no rate, not a rate of 0.
  if (s.figure || ns > 0) t.rates.add(rate);
  if (style_.per_sample) {
    const std::string& what = step.kind == plan::Step::Kind::kernel ? step.kernel.text : step.series;
    print_line(fmt::format("  {}  {}", what,
                           !t.unit.empty() ? human_figure(rate, t.unit)
                           : ns > 0        ? human_rate(rate, t.bytes)
                                           : "-"));
  }
  draw_status(now, false);
}

void ProgressDisplay::series_ends(const model::Series& series) {
  Track& t = track(series.section, series.label);
  // One that ends before its first sample (its kernel failed, or was unavailable) took that time.
  if (begun_ && current_ < tracks_.size() && &tracks_[current_] == &t) {
    const std::int64_t now = clock_.now_ns();
    t.seconds += static_cast<double>(now - mark_ns_) / 1e9;
    mark_ns_ = now;
  }
  begun_ = false;
  t.ended = true;
  print_line(series_line(t, series));
}

void ProgressDisplay::settle_begins(const plan::Settle& settle) {
  settle_status_ = settle.mode == model::SettleMode::wait
                       ? fmt::format("settle: waiting {}", support::human_seconds(settle.seconds))
                       : fmt::format("settle: probing {} until its rate is stable (at most {})", settle.file_display,
                                     support::human_seconds(settle.seconds));
  draw_status(clock_.now_ns(), true);
}

void ProgressDisplay::settle_probe(const model::SettleRecord& record) {
  const model::SettleProbe& p = record.probes.back();
  settle_status_ = fmt::format(
      "settle: probe {}  {}  at {} of at most {}", record.probes.size(), human_rate(model::probe_rate(p), true),
      support::human_seconds(static_cast<double>(p.start_ns) / 1e9), support::human_seconds(record.seconds));
  draw_status(clock_.now_ns(), true);
}

void ProgressDisplay::settle_ends(const model::SettleRecord& record) {
  settle_status_.clear();
  print_line(report::settle_line(record));
}

void ProgressDisplay::block_wait(std::uint32_t block, double seconds) {
  wait_status_ = fmt::format("spread: block {} begins in {}", block, support::human_seconds(seconds));
  draw_status(clock_.now_ns(), true);
}

void ProgressDisplay::run_ends(model::RunStatus) { clear_status(); }

double ProgressDisplay::eta_seconds() const {
  double spent = 0;
  std::uint64_t samples = 0;
  for (const auto& t : tracks_) {
    spent += t.seconds;
    samples += t.done;
  }
  double eta = 0;
  for (const auto& t : tracks_) {
    if (t.ended) continue;
    if (t.planned == 0) {
      // Slices of a duration: the block's time is known, not its samples.
      if (t.budget_seconds > 0) eta += std::max(0.0, t.budget_seconds - t.seconds);
      continue;
    }
    if (t.done >= t.planned) continue;
    double each = t.done > 0          ? t.seconds / t.done
                  : t.for_seconds > 0 ? t.for_seconds
                  : samples > 0       ? spent / samples
                                      : -1;
    if (each < 0) return -1;
    eta += each * (t.planned - t.done);
  }
  return eta;
}

std::string ProgressDisplay::series_line(const Track& t, const model::Series& series) const {
  const std::string count = std::to_string(tracks_.size());
  const std::string head =
      fmt::format("[{:>{}}/{}] ", index_.at(track_key(series.section, t.label)) + 1, count.size(), count);
  const std::string label =
      t.label + std::string(label_width_ - std::min(label_width_, support::display_width(t.label)), ' ');
  std::string figures, note;
  if (!series.unavailable.empty()) {
    note = "unavailable: " + series.unavailable;
  } else if (t.done == 0) {
    figures = "no sample";
  } else {
    figures = t.rates.count() == 0 ? "-"
              : t.unit.empty()     ? human_rate(t.rates.mean(), t.bytes)
                                   : human_figure(t.rates.mean(), t.unit);
    if (const double pct = own_interval_pct(series); !std::isnan(pct)) figures += fmt::format(" ±{:.1f}%", pct);
    figures += fmt::format("  {} sample{} in {}", t.done, t.done == 1 ? "" : "s", support::human_seconds(t.seconds));
    if (!series.converged) note = fmt::format("did not reach ±{}% at 95% confidence", series.ci_target_pct);
    if (const auto shortfall = analysis::shell_shortfall(series))
      note +=
          (note.empty() ? "" : "; ") + ("too short to time through a shell: " + analysis::shortfall_text(*shortfall));
  }
  std::string plain = head + label;
  for (const auto* part : {&figures, &note})
    if (!part->empty()) plain += "  " + *part;
  // A terminal's line stays within its width; the colours go on the parts that were not cut.
  if (style_.status_line) plain = support::fit_width(plain, style_.width > 1 ? style_.width - 1 : 1);
  if (!style_.color) return plain;
  std::string line = plain;
  if (plain.compare(head.size(), label.size(), label) == 0) line.replace(head.size(), label.size(), bold(label));
  if (!note.empty() && line.ends_with(note)) line.replace(line.size() - note.size(), note.size(), yellow(note));
  return line;
}

void ProgressDisplay::draw_status(std::int64_t now, bool force) {
  if (!style_.status_line) return;
  // A pause, settle's or --spread's, is all the line says while it lasts.
  if (const std::string& paused = settle_status_.empty() ? wait_status_ : settle_status_; !paused.empty()) {
    show_status(paused + "  " + clock_time(static_cast<double>(now - start_ns_) / 1e9) + " elapsed");
    return;
  }
  if (current_ >= tracks_.size()) return;
  if (!force && status_shown_ && now - drawn_ns_ < kRedrawNs) return;
  drawn_ns_ = now;
  const Track& t = tracks_[current_];
  std::string text = fmt::format("[{}/{}] {}  ", current_ + 1, tracks_.size(), t.label);
  if (t.until_ci_pct > 0)
    text += fmt::format("{} samples (≤{}, until ±{}%)", t.done, t.planned, t.until_ci_pct);
  else if (t.planned == 0)
    text += fmt::format("{} sample{}", t.done, t.done == 1 ? "" : "s");
  else
    text += fmt::format("{}/{} samples", t.done, t.planned);
  if (t.done > 0)
    text += "  " + (t.unit.empty() ? human_rate(t.rates.mean(), t.bytes) : human_figure(t.rates.mean(), t.unit));
  text += "  " + clock_time(static_cast<double>(now - start_ns_) / 1e9) + " elapsed";
  const double eta = eta_seconds();
  text += eta < 0 ? "  ETA ?" : "  ETA " + clock_time(eta);
  show_status(text);
}

void ProgressDisplay::show_status(const std::string& text) {
  // One column is left free: a line that reaches the last column wraps on some terminals.
  out_ << '\r' << support::fit_width(text, style_.width > 1 ? style_.width - 1 : 1) << "\033[K" << std::flush;
  status_shown_ = true;
}

void ProgressDisplay::clear_status() {
  if (!status_shown_) return;
  out_ << "\r\033[K" << std::flush;
  status_shown_ = false;
}

void ProgressDisplay::print_line(const std::string& text) {
  clear_status();
  out_ << text << '\n' << std::flush;
}

std::string ProgressDisplay::bold(const std::string& text) const {
  return style_.color ? "\033[1m" + text + "\033[0m" : text;
}

std::string ProgressDisplay::yellow(const std::string& text) const {
  return style_.color ? "\033[33m" + text + "\033[0m" : text;
}

}  // namespace hwbench::runtime::cli
