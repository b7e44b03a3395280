// The words of ResultKind and RunStatus, both ways: the words the result files hold.
#include <string_view>

#include <doctest/doctest.h>

#include "runtime/model/result_state.hpp"

namespace rt = hwbench::runtime;

TEST_CASE("result_state: each result kind has its word, and the word gives the kind back") {
  CHECK(rt::to_text(rt::ResultKind::run) == "run");
  CHECK(rt::to_text(rt::ResultKind::published) == "published");
  for (rt::ResultKind kind : {rt::ResultKind::run, rt::ResultKind::published}) {
    CAPTURE(rt::to_text(kind));
    REQUIRE(rt::result_kind_from_text(rt::to_text(kind)).has_value());
    CHECK(*rt::result_kind_from_text(rt::to_text(kind)) == kind);
  }
}

TEST_CASE("result_state: each run status has its word, and the word gives the status back") {
  CHECK(rt::to_text(rt::RunStatus::complete) == "complete");
  CHECK(rt::to_text(rt::RunStatus::interrupted) == "interrupted");
  CHECK(rt::to_text(rt::RunStatus::failed) == "failed");
  CHECK(rt::to_text(rt::RunStatus::published) == "published");
  for (rt::RunStatus status :
       {rt::RunStatus::complete, rt::RunStatus::interrupted, rt::RunStatus::failed, rt::RunStatus::published}) {
    CAPTURE(rt::to_text(status));
    REQUIRE(rt::run_status_from_text(rt::to_text(status)).has_value());
    CHECK(*rt::run_status_from_text(rt::to_text(status)) == status);
  }
}

TEST_CASE("result_state: any other word is no kind and no status") {
  for (std::string_view word : {"", "guess", "Run", "run ", "complete", "interrupted"})
    CHECK_FALSE(rt::result_kind_from_text(word).has_value());
  for (std::string_view word : {"", "done", "Complete", "complete ", "run", "aborted"})
    CHECK_FALSE(rt::run_status_from_text(word).has_value());
}
