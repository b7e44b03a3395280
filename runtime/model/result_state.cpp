#include "runtime/model/result_state.hpp"

#include <array>
#include <utility>

#include "runtime/model/enum_words.hpp"

namespace hwbench::runtime::model {

namespace {

// One table per enum, so that each word is written once and both directions agree.
constexpr std::array<std::pair<ResultKind, std::string_view>, 2> kind_words = {{
    {ResultKind::run, "run"},
    {ResultKind::published, "published"},
}};

constexpr std::array<std::pair<RunStatus, std::string_view>, 4> status_words = {{
    {RunStatus::complete, "complete"},
    {RunStatus::interrupted, "interrupted"},
    {RunStatus::failed, "failed"},
    {RunStatus::published, "published"},
}};

}  // namespace

std::string_view to_text(ResultKind kind) { return word_of(kind_words, kind); }

std::optional<ResultKind> result_kind_from_text(std::string_view text) { return value_of(kind_words, text); }

std::string_view to_text(RunStatus status) { return word_of(status_words, status); }

std::optional<RunStatus> run_status_from_text(std::string_view text) { return value_of(status_words, text); }

}  // namespace hwbench::runtime::model
