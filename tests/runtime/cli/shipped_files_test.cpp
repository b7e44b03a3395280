// Every shipped recipe checks and every shipped published result renders: what README and the
// docs point people to must keep working as the language grows.
#include <algorithm>
#include <filesystem>
#include <sstream>

#include <doctest/doctest.h>

#include "runtime/cli/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

std::vector<std::string> files_in(const std::string& dir, const std::string& extension) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(HWBENCH_SOURCE_DIR) + "/" + dir))
    if (e.path().extension() == extension) out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

int shipped_cli(std::vector<std::string> args, std::string& err) {
  args.insert(args.begin(), "hwbench");
  std::ostringstream out, errs;
  const int code = hwbench::runtime::cli::run_cli(args, out, errs);
  err = errs.str();
  return code;
}

/// `hwbench check` of the recipe `file`: what it writes to a literal directory of the articles'
/// (cp-ramdisk's /st1/test) or to their `st1:` mapped to a temp dir, each -L only where used (an
/// unused one is warned of).
int check_shipped(const std::string& file, std::string& err) {
  const std::string text = hwbench::test::read_text(file);
  std::vector<std::string> args = {"check", "--no-busy-check", "--allow-exec"};
  if (text.find("st1:") != std::string::npos)
    args.insert(args.end(), {"-L", "st1=/tmp"});
  else if (text.find("/st1/test") != std::string::npos)
    args.insert(args.end(), {"-L", "/st1/test=/tmp"});
  args.push_back(file);
  return shipped_cli(args, err);
}

// The recipes a page shows: its ```bench blocks, each whole.
std::vector<std::string> page_recipe_blocks(const std::string& page) {
  std::istringstream in(hwbench::test::read_text(std::string(HWBENCH_SOURCE_DIR) + "/" + page));
  std::vector<std::string> blocks;
  std::string line, block;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside && line == "```bench") {
      inside = true;
      block.clear();
    } else if (inside && line == "```") {
      inside = false;
      blocks.push_back(block);
    } else if (inside) {
      block += line + "\n";
    }
  }
  REQUIRE_FALSE(inside);  // every block is closed
  return blocks;
}

}  // namespace

TEST_CASE("shipped files: every recipe in specs/ and examples/ passes check") {
  std::vector<std::string> recipes = files_in("specs", ".bench");
  for (const auto& e : files_in("examples", ".bench")) recipes.push_back(e);
  REQUIRE(recipes.size() > 10);
  for (const auto& r : recipes) {
    CAPTURE(r);
    std::string err;
    CHECK(check_shipped(r, err) == 0);
    CHECK(err == "");
  }
}

TEST_CASE("shipped files: every published result in specs/published/ renders") {
  const auto published = files_in("specs/published", ".toml");
  REQUIRE(published.size() >= 4);
  for (const auto& p : published) {
    CAPTURE(p);
    std::string err;
    CHECK(shipped_cli({"report", p}, err) == 0);
    CHECK(err == "");
  }
}

// Issue 18's rule: a recipe checked without the flag it needs gets exactly one error for each
// cause (not one per statement, nor errors that follow from it), and the hint names what fixes it.
TEST_CASE("shipped files: without the flags they need, one error per cause, and its hint fixes it") {
  std::vector<std::string> recipes = files_in("specs", ".bench");
  for (const auto& e : files_in("examples", ".bench")) recipes.push_back(e);
  std::vector<std::string> needing;
  for (const auto& r : recipes) {
    CAPTURE(r);
    std::string err;
    const int code = shipped_cli({"check", "--no-busy-check", r}, err);
    if (code == 0) continue;
    INFO(err);
    needing.push_back(std::filesystem::path(r).filename().string());
    CHECK(code == 1);
    // Each of these recipes needs one thing: a directory or permission to run programs.
    std::size_t count = 0;
    for (std::size_t at = err.find(": error: "); at != std::string::npos; at = err.find(": error: ", at + 1)) ++count;
    CHECK(count == 1);
    CHECK(err.find("1 error in ") != std::string::npos);
    // Apply what the hint says, and nothing else: the recipe must then pass.
    std::vector<std::string> args = {"check", "--no-busy-check"};
    if (err.find("pass --allow-exec") != std::string::npos) args.push_back("--allow-exec");
    const std::string map = "map it to another directory with -L ";
    if (const auto at = err.find(map); at != std::string::npos) {
      const std::string target = err.substr(at + map.size(), err.find("=DIR", at) - at - map.size());
      args.push_back("-L");
      args.push_back(target + "=/tmp");
    }
    REQUIRE(args.size() > 2);  // the hint named a fix
    args.push_back(r);
    std::string after;
    CHECK(shipped_cli(args, after) == 0);
    CHECK(after == "");
  }
  std::sort(needing.begin(), needing.end());
  // The command steps' recipes and UnixBench's need --allow-exec.
  std::vector<std::string> expected = {"bonnie-beside.bench",  "cp-sentence.bench",    "dd.bench",
                                       "openssl-beside.bench", "program-figure.bench", "unixbench-quick.bench",
                                       "unixbench.bench"};
  // Unless this machine happens to have the article's directory.
  if (!std::filesystem::is_directory("/st1/test")) expected.push_back("cp-ramdisk.bench");
  if (std::filesystem::is_directory("/st1"))
    expected.erase(std::find(expected.begin(), expected.end(), "cp-sentence.bench"));
  std::sort(expected.begin(), expected.end());
  CHECK(needing == expected);
}

// What a newcomer reads first must be true of the code: every recipe the README and the tour show
// checks as it stands, and the quick start keeps its two commands (.ci/run runs the second).
TEST_CASE("shipped files: the README's and the tour's recipes pass check, and the quick start stays") {
  hwbench::test::TempDir dir;
  std::size_t shown = 0;
  for (const std::string page : {"README.md", "docs/tour.md"}) {
    const auto blocks = page_recipe_blocks(page);
    shown += blocks.size();
    for (std::size_t i = 0; i < blocks.size(); ++i) {
      CAPTURE(page);
      CAPTURE(blocks[i]);
      std::string name = page + "-" + std::to_string(i + 1) + ".bench";  // README.md-1.bench, docs-tour.md-1.bench…
      std::replace(name.begin(), name.end(), '/', '-');
      const std::string file = dir / name;
      hwbench::test::write_text(file, blocks[i]);
      std::string err;
      CHECK(check_shipped(file, err) == 0);
      CHECK(err == "");
    }
  }
  CHECK(shown >= 4);
  const std::string readme = hwbench::test::read_text(std::string(HWBENCH_SOURCE_DIR) + "/README.md");
  CHECK(readme.find("```sh\nscripts/setup && build/hwbench run specs/quick.bench\nscripts/test\n```\n") !=
        std::string::npos);
  CHECK(hwbench::test::read_text(std::string(HWBENCH_SOURCE_DIR) + "/.ci/run").find("\nscripts/test\n") !=
        std::string::npos);
}
