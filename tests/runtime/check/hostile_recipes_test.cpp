// The hostile-recipe corpus (tests/data/hostile/*.bench): recipes that try to leave their
// locations, delete or overwrite what they did not create, run programs without --allow-exec,
// fill the disk or the memory, expand without bound or read devices and /proc. `check` must
// refuse each one before anything runs, and its first diagnostic must be exactly the line in
// the file's `# expect:` header.
//
// Header lines a file may carry, before its statements:
//   # expect: t.bench:LINE:COL: error: …   the first diagnostic; $RAM $DISK $TMP stand for the
//                                          temporary locations, <any> for machine-dependent text
//   # symlink: NAME -> TARGET              made in the ramdisk location first ($RAM $DISK $TMP)
//   # file: NAME                           a stranger's file, made in the ramdisk location first
#include <unistd.h>

#include <doctest/doctest.h>

#include "tests/support/recipe_corpus.hpp"
#include "tests/support/recipe_env.hpp"

namespace hwbench::test {
namespace {

struct Hostile {
  std::string expect;
  std::vector<std::pair<std::string, std::string>> symlinks;
  std::vector<std::string> files;
};

/// The value of a header line `# KEY: value`, or nullopt.
std::optional<std::string> header_value(const std::string& line, const std::string& key) {
  const std::string prefix = "# " + key + ": ";
  if (line.rfind(prefix, 0) != 0) return std::nullopt;
  return line.substr(prefix.size());
}

Hostile read_header(const std::string& text) {
  Hostile h;
  std::size_t start = 0;
  while (start < text.size() && text[start] == '#') {
    const auto end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    if (auto v = header_value(line, "expect")) h.expect = *v;
    if (auto v = header_value(line, "file")) h.files.push_back(*v);
    if (auto v = header_value(line, "symlink")) {
      const auto arrow = v->find(" -> ");
      if (arrow != std::string::npos) h.symlinks.emplace_back(v->substr(0, arrow), v->substr(arrow + 4));
    }
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return h;
}

std::string with_locations(std::string text, const RecipeEnv& env) {
  text = replace_all(text, "$RAM", env.ram());
  text = replace_all(text, "$DISK", env.disk());
  return replace_all(text, "$TMP", env.tmp());
}

}  // namespace

TEST_CASE("hostile recipes: check refuses every one with its exact first diagnostic") {
  const auto recipes = corpus_files("tests/data/hostile", ".bench");
  REQUIRE(recipes.size() >= 30);
  for (const auto& file : recipes) {
    CAPTURE(file);
    const std::string text = read_text(file);
    const Hostile h = read_header(text);
    REQUIRE_FALSE(h.expect.empty());
    RecipeEnv env;
    for (const auto& [name, target] : h.symlinks)
      REQUIRE(::symlink(with_locations(target, env).c_str(), (env.ram() + "/" + name).c_str()) == 0);
    for (const auto& name : h.files) write_text(env.ram() + "/" + name, "a stranger's file\n");
    const std::size_t ram_before = count_entries(env.ram());

    const Checked checked = env.check(text);
    CHECK_FALSE(checked.recipe.has_value());
    CAPTURE(checked.diagnostics);
    CHECK(matches_line(h.expect, first_line(checked.diagnostics)));
    // Nothing ran: the locations hold what the test put there and nothing else.
    CHECK(count_entries(env.ram()) == ram_before);
    CHECK(count_entries(env.disk()) == 0);
    CHECK(count_entries(env.tmp()) == 0);
    for (const auto& name : h.files) CHECK(read_text(env.ram() + "/" + name) == "a stranger's file\n");
  }
}

TEST_CASE("hostile recipes: <any> in an expected line matches machine-dependent text only") {
  CHECK(matches_line("a <any> c", "a b c"));
  CHECK(matches_line("a <any> c <any>", "a b c d"));
  CHECK_FALSE(matches_line("a <any> c", "a b d"));
  CHECK_FALSE(matches_line("x <any>", "a b"));
  CHECK(matches_line("exact", "exact"));
  CHECK_FALSE(matches_line("exact", "exact!"));
}

}  // namespace hwbench::test
