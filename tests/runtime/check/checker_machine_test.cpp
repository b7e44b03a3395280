// What `check` says about the machine's resources (memory, free space, `$cpus`, each location's
// file system), against a FakeMachine: the same diagnostics and plan on every host.
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "runtime/plan/plan_printer.hpp"
#include "tests/support/recipe_env.hpp"

namespace test = hwbench::test;

namespace {

constexpr std::uint64_t GiB = test::FakeMachine::GiB;

/// A recipe environment on a fake machine with `memory` bytes available.
std::string diagnose_with_memory(std::uint64_t memory, const std::string& text) {
  test::RecipeEnv env;
  env.fake_machine().available_memory = memory;
  return env.check(text).diagnostics;
}

}  // namespace

TEST_CASE("checker machine: a buffer is refused on a 1 GiB machine and accepted on a 64 GiB one") {
  const std::string text = "fill size 2GiB\n";
  CHECK(diagnose_with_memory(1 * GiB, text) ==
        "t.bench:1:1: error: fill: 2048.0 MiB of memory for the buffer is more than the 1024.0 MiB this machine has "
        "available\n"
        "    1 | fill size 2GiB\n"
        "      | ^~~~\n"
        "hint: give a smaller size\n");
  CHECK(diagnose_with_memory(64 * GiB, text).empty());
  // Memory that cannot be read refuses nothing.
  CHECK(diagnose_with_memory(0, text).empty());
}

TEST_CASE("checker machine: each memory kernel names what holds the memory and how to make it smaller") {
  CHECK(
      diagnose_with_memory(1 * GiB, "stream add elements 100M\n") ==
      "t.bench:1:1: error: stream: 2288.8 MiB of memory for the three arrays is more than the 1024.0 MiB this machine "
      "has available\n"
      "    1 | stream add elements 100M\n"
      "      | ^~~~~~\n"
      "hint: give a smaller elements or size\n");
  CHECK(diagnose_with_memory(1 * GiB, "copy size 600MiB\n") ==
        "t.bench:1:1: error: copy: 1200.0 MiB of memory for the two buffers is more than the 1024.0 MiB this machine "
        "has available\n"
        "    1 | copy size 600MiB\n"
        "      | ^~~~\n"
        "hint: give a smaller size\n");
  CHECK(diagnose_with_memory(1 * GiB, "alloc size 1MiB live 2000\n") ==
        "t.bench:1:1: error: alloc: 2000.0 MiB of memory for the live blocks is more than the 1024.0 MiB this machine "
        "has available\n"
        "    1 | alloc size 1MiB live 2000\n"
        "      | ^~~~~\n"
        "hint: give a smaller size or live\n");
  CHECK(diagnose_with_memory(64 * GiB, "stream add elements 100M\ncopy size 600MiB\nalloc size 1MiB live 2000\n")
            .empty());
}

TEST_CASE("checker machine: parallel workers that fit one by one but not at once are refused on 1 GiB only") {
  const std::string text = "parallel 4 { fill size 512MiB }\n";
  CHECK(diagnose_with_memory(1 * GiB, text) ==
        "t.bench:1:1: error: the 4 workers hold 2048.0 MiB of memory at once, more than the 1024.0 MiB this machine "
        "has available\n"
        "    1 | parallel 4 { fill size 512MiB }\n"
        "      | ^~~~~~~~\n"
        "hint: use fewer workers or smaller sizes\n");
  CHECK(diagnose_with_memory(64 * GiB, text).empty());
}

TEST_CASE("checker machine: interleaved statements that fit one by one but not at once are refused on 1 GiB only") {
  const std::string text =
      "interleave {\n  series \"a\" fill size 512MiB\n  series \"b\" fill size 400MiB\n  series \"c\" fill size "
      "200MiB\n}\n";
  CHECK(diagnose_with_memory(1 * GiB, text) ==
        "t.bench:1:1: error: the 3 statements of the block hold 1112.0 MiB of memory at once, more than the 1024.0 MiB "
        "this machine has available\n"
        "    1 | interleave {\n"
        "      | ^~~~~~~~~~\n"
        "hint: interleave fewer statements or smaller sizes\n");
  CHECK(diagnose_with_memory(64 * GiB, text).empty());
}

TEST_CASE("checker machine: free space comes from the machine, per file system") {
  test::RecipeEnv env;
  env.fake_machine().file_systems = {{"/", "ext4", 100 * GiB}};
  const std::string text = "series \"big\" write disk:/big size 200GB\nteardown { rm disk:/big }\n";
  CHECK(env.check(text).diagnostics ==
        "t.bench:1:14: error: the run needs 200.0 GB in '$DISK' (ext4) at its peak, but only 107.4 GB is free\n"
        "    1 | series \"big\" write disk:/big size 200GB\n"
        "      |              ^\n"
        "hint: use smaller sizes or fewer files, remove files as you go, or map the location elsewhere with -L\n");
  env.fake_machine().file_systems = {{"/", "ext4", 1024 * GiB}};
  CHECK(env.check(text).diagnostics.empty());
  // Free space that cannot be read refuses nothing.
  env.fake_machine().file_systems = {{"/", "ext4", std::nullopt}};
  CHECK(env.check(text).diagnostics.empty());
}

TEST_CASE("checker machine: $cpus is the machine's CPU count") {
  test::RecipeEnv env;
  env.fake_machine().cpus = 3;
  auto c = env.check("series \"n ($cpus copies)\" parallel $cpus { nop }\n");
  CHECK(c.diagnostics.empty());
  REQUIRE(c.recipe);
  REQUIRE(c.recipe->plan.main.size() == 1);
  CHECK(c.recipe->plan.main[0].workers.size() == 3);
  CHECK(c.recipe->plan.series_order == std::vector<std::string>{"n (3 copies)"});
}

TEST_CASE("checker machine: the plan shows each location's file system and free space from the machine") {
  test::RecipeEnv env;
  env.fake_machine().file_systems = {{"/", "ext4", 100 * GiB}, {"/dev/shm", "tmpfs", 2 * GiB}};
  auto c = env.check("nop\n");
  REQUIRE(c.recipe);
  std::ostringstream out;
  hwbench::runtime::plan::print_plan(c.recipe->plan, out);
  const std::string printed = env.substitute(out.str());
  CHECK(printed.find("locations:\n"
                     "  ramdisk    $RAM  (tmpfs, 2.1 GB free)\n"
                     "  disk       $DISK  (ext4, 107.4 GB free)\n"
                     "  tmp        $TMP  (ext4, 107.4 GB free)\n") != std::string::npos);
}
