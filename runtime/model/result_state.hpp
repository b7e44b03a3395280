#pragma once
// What a Result is (a run or a published log) and how its run ended, as types. The words
// ("run", "complete"…) appear only where a file is read or written and where a state is printed.
#include <optional>
#include <string_view>

namespace hwbench::runtime::model {

/// Where a Result comes from.
enum class ResultKind {
  run,        ///< measured by `hwbench run`
  published,  ///< transcribed or imported from a log: figures without raw totals
};

/// How the run behind a Result ended.
enum class RunStatus {
  complete,     ///< every statement ran
  interrupted,  ///< Ctrl-C or SIGTERM
  failed,       ///< a statement failed
  published,    ///< no run: a published result
};

/// The word for `kind` in result files: "run" or "published".
std::string_view to_text(ResultKind kind);
/// The ResultKind spelt `text`, or std::nullopt for any other word.
std::optional<ResultKind> result_kind_from_text(std::string_view text);

/// The word for `status` in result files: "complete", "interrupted", "failed" or "published".
std::string_view to_text(RunStatus status);
/// The RunStatus spelt `text`, or std::nullopt for any other word.
std::optional<RunStatus> run_status_from_text(std::string_view text);

}  // namespace hwbench::runtime::model
