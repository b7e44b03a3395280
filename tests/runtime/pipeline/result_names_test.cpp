// Result file names the command line did not give: each taken on disk when chosen.
#include "runtime/pipeline/result_names.hpp"

#include <filesystem>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "base/platform/atomic_file.hpp"
#include "tests/support/temp_dir.hpp"

namespace pipeline = hwbench::runtime::pipeline;
namespace test = hwbench::test;

TEST_CASE("result names: the candidates of a recipe, a host and a second") {
  CHECK(pipeline::result_path_candidate("specs/q.bench", "", "20261207T120000Z", 1) ==
        "results/q-20261207T120000Z.json");
  CHECK(pipeline::result_path_candidate("q.bench", "rack_1", "20261207T120000Z", 3) ==
        "results/q-rack_1-20261207T120000Z-3.json");
}

TEST_CASE("result names: two runs held at once get two sets, and an unwritten name is given back") {
  test::TempDir dir;
  const auto names = [&](int n) {
    return std::vector<std::string>{dir / ("r" + std::to_string(n) + "-1.json"),
                                    dir / ("r" + std::to_string(n) + "-2.json")};
  };
  // Another run wrote r2-2 already: the second set is given back whole, the third is taken.
  test::write_text(dir / "r2-2.json", "keep");
  {
    const pipeline::ReservedResults first(names);
    const pipeline::ReservedResults second(names);
    CHECK(first.paths() == names(1));
    CHECK(second.paths() == names(3));
    CHECK(std::filesystem::file_size(dir / "r1-1.json") == 0);
    CHECK_FALSE(std::filesystem::exists(dir / "r2-1.json"));
    std::string error;
    REQUIRE(hwbench::platform::write_file_atomically(dir / "r1-1.json", "{}", error));
  }
  // What was written stays, the empty names held and never written are gone.
  CHECK(test::read_text(dir / "r1-1.json") == "{}");
  CHECK(test::read_text(dir / "r2-2.json") == "keep");
  CHECK(test::count_entries(dir.path()) == 2);
}

TEST_CASE("result names: an empty file that is not the one made here is left alone") {
  test::TempDir dir;
  const std::string path = dir / "r.json";
  {
    const pipeline::ReservedResults held([&](int) { return std::vector<std::string>{path}; });
    // Something else put an empty file of its own there: not the reservation's to remove.
    std::filesystem::remove(path);
    test::write_text(path, "");
  }
  CHECK(std::filesystem::exists(path));
}
