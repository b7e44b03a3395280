#include "runtime/model/settle.hpp"

#include <array>
#include <utility>

#include "runtime/model/enum_words.hpp"

namespace hwbench::runtime::model {

namespace {

constexpr std::array<std::pair<SettleMode, std::string_view>, 2> mode_words = {{
    {SettleMode::wait, "wait"},
    {SettleMode::until_stable, "until stable"},
}};

constexpr std::array<std::pair<SettleOutcome, std::string_view>, 4> outcome_words = {{
    {SettleOutcome::waited, "waited"},
    {SettleOutcome::stable, "stable"},
    {SettleOutcome::not_stable, "not stable"},
    {SettleOutcome::interrupted, "interrupted"},
}};

}  // namespace

std::string_view to_text(SettleMode mode) { return word_of(mode_words, mode); }

std::string_view to_text(SettleOutcome outcome) { return word_of(outcome_words, outcome); }

std::optional<SettleMode> settle_mode_from_text(std::string_view text) { return value_of(mode_words, text); }

std::optional<SettleOutcome> settle_outcome_from_text(std::string_view text) { return value_of(outcome_words, text); }

}  // namespace hwbench::runtime::model
