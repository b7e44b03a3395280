#pragma once
// "did you mean" for every kind of name: kernels, parameters, units, styles, keys, tests.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::support {

/// Whether swapping two neighbouring letters counts as one edit or two (a delete and an insert).
enum class Swaps { two_edits, one_edit };

/// Edits (insert, delete, replace, and with Swaps::one_edit a swap of two neighbours) that turn
/// `a` into `b`, ignoring ASCII case: "sha265" is one swap away from "sha256" (two edits
/// otherwise), "Ramdisk" none from "ramdisk". closest_match counts a swap as one edit: with two,
/// a swap in a word of five letters or fewer ("rnus", "reprot") was past every limit, or closer
/// to another word ("repeat").
std::size_t edit_distance(std::string_view a, std::string_view b, Swaps swaps = Swaps::two_edits);

/// The candidate closest to `word` (a swap of neighbours one edit), or "" when none is close
/// enough to be a likely typo.
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);

/// "did you mean 'x'?" for the closest candidate, or `fallback` when none is close.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates, std::string fallback = {});

/// "unknown WHAT 'WORD'; did you mean 'x'?", or "…; known: a, b, c" when nothing is close.
std::string unknown_word(std::string_view what, std::string_view word, const std::vector<std::string>& known);

}  // namespace hwbench::support
