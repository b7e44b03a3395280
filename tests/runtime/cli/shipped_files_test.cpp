// Every shipped recipe checks and every shipped published result renders: what README and the
// docs point people to must keep working as the language grows.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "runtime/cli/cli.hpp"

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

}  // namespace

TEST_CASE("shipped files: every recipe in specs/ and examples/ passes check") {
  std::vector<std::string> recipes = files_in("specs", ".bench");
  for (const auto& e : files_in("examples", ".bench")) recipes.push_back(e);
  REQUIRE(recipes.size() > 10);
  for (const auto& r : recipes) {
    CAPTURE(r);
    std::string err;
    // Recipes that write to a literal directory (cp-ramdisk's /st1/test) get it mapped to a temp dir.
    CHECK(shipped_cli({"check", "--no-busy-check", "--allow-exec", "-L", "/st1/test=/tmp", "-L", "st1=/tmp", r}, err) == 0);
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
