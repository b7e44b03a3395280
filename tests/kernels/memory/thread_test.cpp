// thread compute and thread lock: the operations they count, and the calls refused.
#include <doctest/doctest.h>

#include "kernels/memory/memory.hpp"
#include "tests/kernels/files/files_test_support.hpp"

namespace hwbench::kernels::memory {

namespace {

Call thread_call(const KernelSpec& spec, const std::string& test,
                 std::vector<std::pair<std::string, ParamValue>> params) {
  return test::make_call(spec, {ArgValue{test, ""}}, std::move(params));
}

}  // namespace

TEST_CASE("thread compute: ops = threads x work per unit") {
  const KernelSpec spec = thread_spec();
  const Call call = thread_call(spec, "compute", {{"threads", test::size_value(3)}, {"work", test::size_value(1000)}});
  const Work w = test::run_kernel(spec, call, Context{}, 4);
  CHECK(w.ops == 4 * 3 * 1000);
  CHECK(w.bytes == 0);
}

TEST_CASE("thread lock: ops = hand-offs of the mutex per unit") {
  const KernelSpec spec = thread_spec();
  for (double threads : {2.0, 4.0}) {
    CAPTURE(threads);
    const Call call =
        thread_call(spec, "lock", {{"threads", test::size_value(threads)}, {"handoffs", test::size_value(500)}});
    const Work w = test::run_kernel(spec, call, Context{}, 3);
    CHECK(w.ops == 3 * 500);
  }
}

TEST_CASE("thread: calls that cannot work are refused before the run") {
  const KernelSpec spec = thread_spec();
  platform::RealFileView view;
  auto messages = [&](const Call& call) {
    std::vector<std::string> out;
    for (const auto& p : spec.effects(call, view).problems) out.push_back(p.message + " / " + p.hint);
    return out;
  };
  CHECK(messages(thread_call(spec, "compute", {})).empty());
  CHECK(messages(thread_call(spec, "lock", {})).empty());
  CHECK(messages(thread_call(spec, "locks", {})) == std::vector<std::string>{"no test 'locks' / use compute or lock"});
  CHECK(messages(thread_call(spec, "lock", {{"threads", test::size_value(1)}})) ==
        std::vector<std::string>{"lock needs at least 2 threads to hand the mutex between / give threads 2 or more"});
  CHECK(spec.param("threads")->default_text == "4");
}

}  // namespace hwbench::kernels::memory
