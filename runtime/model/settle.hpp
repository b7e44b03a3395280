#pragma once
// What a recipe's `settle` statement did before the first timed statement: the result file's
// "settle" object (docs/result-format.md, "Settle").
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::runtime::model {

/// `settle DURATION` waits; `settle until stable …` probes a file until its cold read rate is stable.
enum class SettleMode { wait, until_stable };

/// How a settle ended.
enum class SettleOutcome {
  waited,       ///< `settle DURATION` waited the whole duration
  stable,       ///< the probes' rate stopped rising (the stability rule held)
  not_stable,   ///< the maximum passed before the rule held
  interrupted,  ///< Ctrl-C or SIGTERM ended it
};

/// A probe reads at most this much of the file: 64 MiB.
inline constexpr std::uint64_t kSettleSliceBytes = 64ull << 20;
/// Probes start at most once a second: a settling disk needs time, not reads.
inline constexpr double kSettleProbeInterval = 1.0;
/// The stability rule's window: this many last probes…
inline constexpr std::size_t kSettleWindow = 3;
/// …within this fraction of each other (the highest at most 5% above the lowest).
inline constexpr double kSettleTolerance = 0.05;

/// One probe: a cold read of a slice of the probed file.
struct SettleProbe {
  std::uint64_t offset = 0;   ///< where the slice starts in the file
  std::uint64_t bytes = 0;    ///< bytes read
  std::int64_t wall_ns = 0;   ///< the read's wall time (the eviction before it left out)
  std::int64_t start_ns = 0;  ///< when the probe began, from the start of the settle
};

/// A probe's rate in bytes per second; 0 when it took no time.
inline double probe_rate(const SettleProbe& p) {
  return p.wall_ns > 0 ? static_cast<double>(p.bytes) / (static_cast<double>(p.wall_ns) / 1e9) : 0;
}

/// What one `settle` statement did.
struct SettleRecord {
  SettleMode mode = SettleMode::wait;
  double seconds = 0;        ///< wait: the duration asked for; until_stable: the maximum
  std::string file;          ///< until_stable: the probed file's absolute path
  std::int64_t took_ns = 0;  ///< from its start to its end
  SettleOutcome outcome = SettleOutcome::waited;
  std::vector<SettleProbe> probes;  ///< until_stable, in order
};

/// "wait" or "until stable", as the result file spells a mode.
std::string_view to_text(SettleMode mode);
/// "waited", "stable", "not stable" or "interrupted", as the result file spells an outcome.
std::string_view to_text(SettleOutcome outcome);
/// The mode a result file's spelling names; none for another word.
std::optional<SettleMode> settle_mode_from_text(std::string_view text);
/// The outcome a result file's spelling names; none for another word.
std::optional<SettleOutcome> settle_outcome_from_text(std::string_view text);

}  // namespace hwbench::runtime::model
