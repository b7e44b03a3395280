// The words of ResultKind and RunStatus, both ways: the words the result files hold.
#include "runtime/model/result_state.hpp"

#include <string_view>

#include <doctest/doctest.h>

namespace rt = hwbench::runtime;

TEST_CASE("result_state: each result kind has its word, and the word gives the kind back") {
  CHECK(rt::model::to_text(rt::model::ResultKind::run) == "run");
  CHECK(rt::model::to_text(rt::model::ResultKind::published) == "published");
  for (rt::model::ResultKind kind : {rt::model::ResultKind::run, rt::model::ResultKind::published}) {
    CAPTURE(rt::model::to_text(kind));
    REQUIRE(rt::model::result_kind_from_text(rt::model::to_text(kind)).has_value());
    CHECK(*rt::model::result_kind_from_text(rt::model::to_text(kind)) == kind);
  }
}

TEST_CASE("result_state: each run status has its word, and the word gives the status back") {
  CHECK(rt::model::to_text(rt::model::RunStatus::complete) == "complete");
  CHECK(rt::model::to_text(rt::model::RunStatus::interrupted) == "interrupted");
  CHECK(rt::model::to_text(rt::model::RunStatus::failed) == "failed");
  CHECK(rt::model::to_text(rt::model::RunStatus::published) == "published");
  for (rt::model::RunStatus status : {rt::model::RunStatus::complete, rt::model::RunStatus::interrupted,
                                      rt::model::RunStatus::failed, rt::model::RunStatus::published}) {
    CAPTURE(rt::model::to_text(status));
    REQUIRE(rt::model::run_status_from_text(rt::model::to_text(status)).has_value());
    CHECK(*rt::model::run_status_from_text(rt::model::to_text(status)) == status);
  }
}

TEST_CASE("result_state: any other word is no kind and no status") {
  for (std::string_view word : {"", "guess", "Run", "run ", "complete", "interrupted"})
    CHECK_FALSE(rt::model::result_kind_from_text(word).has_value());
  for (std::string_view word : {"", "done", "Complete", "complete ", "run", "aborted"})
    CHECK_FALSE(rt::model::run_status_from_text(word).has_value());
}
