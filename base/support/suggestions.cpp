#include "base/support/suggestions.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace hwbench::support {

namespace {

bool same_letter(char a, char b) {
  return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b, Swaps swaps) {
  // Three rows suffice: a swap looks two rows back.
  std::vector<std::size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = same_letter(a[i - 1], b[j - 1]) ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (swaps == Swaps::one_edit && i > 1 && j > 1 && same_letter(a[i - 1], b[j - 2]) &&
          same_letter(a[i - 2], b[j - 1]))
        cur[j] = std::min(cur[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = 0;
  for (const auto& c : candidates) {
    // A swap of two neighbours is one slip of the fingers: "rnus" is one edit from "runs".
    const auto d = edit_distance(word, c, Swaps::one_edit);
    if (best.empty() || d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  // Close enough: at most a third of the longer word, and never a whole rewrite.
  const std::size_t limit = std::max<std::size_t>(1, std::max(word.size(), best.size()) / 3);
  if (best.empty() || best_distance > limit) return {};
  return best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates, std::string fallback) {
  auto best = closest_match(word, candidates);
  if (best.empty()) return fallback;
  return fmt::format("did you mean '{}'?", best);
}

std::string unknown_word(std::string_view what, std::string_view word, const std::vector<std::string>& known) {
  return fmt::format("unknown {} '{}'; {}", what, word,
                     did_you_mean(word, known, fmt::format("known: {}", fmt::join(known, ", "))));
}

}  // namespace hwbench::support
