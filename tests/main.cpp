#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <ostream>

#include <doctest/doctest.h>

#include "tests/support/skip.hpp"

namespace {

// Tells tests/support/skip.hpp which test runs, and closes every run of test cases with one
// line that counts a test that called test::skip() as skipped, not as passed (doctest's own
// summary counts it as passed, and calls "skipped" the cases its filters left out):
//   hwbench-tests: 780 passed, 0 failed, 1 skipped
// scripts/test adds up these lines over the processes it runs.
struct SkipCounter : doctest::IReporter {
  explicit SkipCounter(const doctest::ContextOptions& options) : out(*options.cout) {}

  void test_case_start(const doctest::TestCaseData& test) override { hwbench::test::current_test_name() = test.m_name; }
  void test_case_end(const doctest::CurrentTestCaseStats& stats) override {
    if (!stats.testCaseSuccess)
      ++failed;
    else if (hwbench::test::skipped_tests().count(hwbench::test::current_test_name()) != 0)
      ++skipped;
    else
      ++passed;
  }
  void test_run_end(const doctest::TestRunStats&) override {
    out << "hwbench-tests: " << passed << " passed, " << failed << " failed, " << skipped << " skipped" << std::endl;
  }

  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}

  std::ostream& out;
  unsigned passed = 0, failed = 0, skipped = 0;
};

REGISTER_LISTENER("hwbench_skip_counter", 1, SkipCounter);

}  // namespace
