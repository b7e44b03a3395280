#pragma once
// How `hwbench run` shows its progress on stderr. On a terminal: one status line rewritten in
// place (the series, its sample k of n, its figure so far, the elapsed time and the run's ETA)
// and one lasting line per series when it ends. Elsewhere (CI, a pipe, a file): the lasting
// lines only. `-v` adds one line per sample; `-q` shows nothing (no display at all).
#include <cstddef>
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "base/platform/clock.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/run/run_observer.hpp"

namespace hwbench::runtime::cli {

/// How the display writes.
struct ProgressStyle {
  bool status_line = false;  ///< a terminal: a status line rewritten in place ("\r", ESC [K)
  bool per_sample = false;   ///< -v: one line per sample as well
  bool color = false;        ///< ANSI colours (bold labels, yellow notes)
  std::size_t width = 80;    ///< a terminal's columns: no line it shows is wider
};

/// The style for a display writing to descriptor `fd` (-1: a stream that is no terminal).
/// `color` is "never", "always" or "auto": colours on a terminal, unless the environment's
/// NO_COLOR is set to anything but "" or TERM is "dumb" (which also gets no status line, as it
/// cannot erase one). The width is the terminal's, else COLUMNS, else 80.
ProgressStyle progress_style(int fd, bool verbose, const std::string& color);

/// Elapsed time as a clock shows it: "0:42", "12:05", "1:02:03".
std::string clock_time(double seconds);

/// A sample rate for people: "412.3 MB/s" for bytes, "12.35 M ops/s" for operations or units.
std::string human_rate(double per_second, bool bytes);

/// Shows a run's progress on `out`, timed by `clock` (elapsed time, ETA).
class ProgressDisplay : public run::RunObserver {
 public:
  ProgressDisplay(std::ostream& out, platform::Clock& clock, ProgressStyle style);
  void run_begins(const plan::Plan& plan) override;
  void step_begins(const plan::Step& step) override;
  void sample_taken(const plan::Step& step, const model::Series& series) override;
  void series_ends(const model::Series& series) override;
  void settle_begins(const plan::Settle& settle) override;
  void settle_probe(const model::SettleRecord& record) override;
  void settle_ends(const model::SettleRecord& record) override;
  void block_wait(std::uint32_t block, double seconds) override;
  void run_ends(model::RunStatus status) override;

  /// Seconds the rest of the run should take, from the plan's samples and what the samples so
  /// far took: a series' own mean time per sample once it has one, else its `for` duration,
  /// else the mean of every sample so far; negative while nothing allows a guess.
  double eta_seconds() const;

 private:
  /// What the display follows of one series.
  struct Track {
    std::string label;
    std::uint32_t planned = 0;  ///< samples at most, by the plan; 0 when unknown
    /// The time its samples take in all when their count is unknown: an `interleave` block's
    /// slices of a duration (rounds × slice); 0 otherwise.
    double budget_seconds = 0;
    double until_ci_pct = 0;      ///< `until ci` target, 0 when none
    double for_seconds = 0;       ///< each sample's `for` duration when every statement has one
    std::uint32_t done = 0;       ///< samples taken
    double seconds = 0;           ///< time spent on it, by the display's clock
    analysis::RunningMean rates;  ///< the samples' natural rates
    bool bytes = false;           ///< its rates are bytes per second
    std::string unit;             ///< the unit of its samples' figures (a command's), "" for rates
    bool ended = false;
  };

  Track& track(const std::string& section, const std::string& label);
  void note_sample_lengths(const plan::Plan& plan);
  std::string section_of(const std::string& label) const;
  void draw_status(std::int64_t now, bool force);
  void show_status(const std::string& text);
  void clear_status();
  void print_line(const std::string& text);
  std::string series_line(const Track& t, const model::Series& series) const;
  std::string bold(const std::string& text) const;
  std::string yellow(const std::string& text) const;

  std::ostream& out_;
  platform::Clock& clock_;
  ProgressStyle style_;
  std::vector<Track> tracks_;
  std::map<std::string, std::size_t> index_;     ///< by track_key()
  std::map<std::string, std::string> sections_;  ///< the plan's series -> section
  /// A series' key: its section and label (two sections may share a label).
  static std::string track_key(const std::string& section, const std::string& label) { return section + '\n' + label; }
  std::size_t label_width_ = 0;
  std::string settle_status_;       ///< while settling: what the status line says of it
  std::string wait_status_;         ///< while `--spread` waits for a block: what the status line says
  std::size_t current_ = SIZE_MAX;  ///< the series being measured
  std::int64_t start_ns_ = 0;       ///< when the run began
  std::int64_t mark_ns_ = 0;        ///< the last step start or sample: where a sample's time begins
  /// The current series' step began and has taken no sample yet: its warm-ups (or its kernel's
  /// preparation) run; when another step begins first, as statements in turns do, that time is its own.
  bool begun_ = false;
  std::int64_t drawn_ns_ = 0;  ///< when the status line was last drawn
  bool status_shown_ = false;
};

}  // namespace hwbench::runtime::cli
