// Inputs the fuzzer (fuzz/recipe_fuzz.cpp) found crashing, hanging or misbehaving, kept as files
// under tests/data/fuzz-regressions/ and run through parse + check here, in the normal test
// binary. expected.txt holds one line per input: its file name, a tab, and the exact first
// diagnostic (`ok` when the recipe checks) with $RAM $DISK $TMP for the temporary locations.
#include <map>
#include <sstream>

#include <doctest/doctest.h>

#include "tests/support/recipe_corpus.hpp"
#include "tests/support/recipe_env.hpp"

namespace hwbench::test {

TEST_CASE("fuzz regressions: every kept input checks to its expected first diagnostic") {
  std::map<std::string, std::string> expected;
  std::istringstream lines(read_text(source_path("tests/data/fuzz-regressions/expected.txt")));
  for (std::string line; std::getline(lines, line);) {
    const auto tab = line.find('\t');
    if (tab != std::string::npos) expected[line.substr(0, tab)] = line.substr(tab + 1);
  }
  const auto inputs = corpus_files("tests/data/fuzz-regressions", ".bench");
  REQUIRE(inputs.size() == expected.size());
  for (const auto& file : inputs) {
    const std::string name = file.substr(file.find_last_of('/') + 1);
    CAPTURE(name);
    REQUIRE(expected.count(name) == 1);
    RecipeEnv env;
    const Checked checked = env.check(read_text(file));
    CAPTURE(checked.diagnostics);
    if (expected[name] == "ok") {
      CHECK(checked.recipe.has_value());
      CHECK(checked.diagnostics == "");
    } else {
      CHECK_FALSE(checked.recipe.has_value());
      CHECK(first_line(checked.diagnostics) == expected[name]);
    }
  }
}

}  // namespace hwbench::test
