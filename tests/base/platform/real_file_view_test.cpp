#include "base/platform/real_file_view.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <doctest/doctest.h>

#include "tests/kernels/files/files_test_support.hpp"

namespace hwbench::kernels {

TEST_CASE("real_file_view: exists, is_directory and file_size follow the file system") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  test::put_file(dir / "f", std::vector<unsigned char>(1234, 'x'));
  ::mkdir((dir / "sub").c_str(), 0755);
  REQUIRE(::symlink((dir / "nowhere").c_str(), (dir / "dangling").c_str()) == 0);
  REQUIRE(::symlink((dir / "sub").c_str(), (dir / "sublink").c_str()) == 0);
  platform::RealFileView view;

  CHECK(view.exists(dir / "f"));
  CHECK(view.exists(dir / "sub"));
  CHECK(view.exists(dir / "dangling"));
  CHECK_FALSE(view.exists(dir / "missing"));

  CHECK(view.is_directory(dir / "sub"));
  CHECK(view.is_directory(dir / "sublink"));
  CHECK_FALSE(view.is_directory(dir / "f"));
  CHECK_FALSE(view.is_directory(dir / "missing"));

  CHECK(view.file_size(dir / "f") == std::optional<std::uint64_t>(1234));
  CHECK(view.file_size(dir / "sub") == std::nullopt);
  CHECK(view.file_size(dir / "missing") == std::nullopt);
}

TEST_CASE("real_file_view: glob returns matching regular files only, sorted") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  for (const char* name : {"b_2", "a_1", "b_10", ".b_hidden", "c"}) test::put_file(dir / name, {1});
  ::mkdir((dir / "b_dir").c_str(), 0755);
  REQUIRE(::symlink((dir / "c").c_str(), (dir / "b_link").c_str()) == 0);
  platform::RealFileView view;

  CHECK(view.glob(dir / "b_*") == std::vector<std::string>{dir / "b_10", dir / "b_2"});
  CHECK(view.glob(dir / "?_1") == std::vector<std::string>{dir / "a_1"});
  CHECK(view.glob(dir / "*") == std::vector<std::string>{dir / "a_1", dir / "b_10", dir / "b_2", dir / "c"});
  CHECK(view.glob(dir / ".b_*") == std::vector<std::string>{dir / ".b_hidden"});
  CHECK(view.glob(dir / "c") == std::vector<std::string>{dir / "c"});
  CHECK(view.glob(dir / "b_dir").empty());
  CHECK(view.glob(dir / "missing").empty());
  CHECK(view.glob(dir / "z*").empty());
  CHECK(view.glob(dir.path() + "*/a_1").empty());
  CHECK(view.glob(dir / "nodir/*").empty());
}

TEST_CASE("real_file_view: a backslash makes the next character of a glob literal, as in the shell") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  for (const char* name : {"a*b", "axb", "a?c", "abc", "a[1]", "a1", "a\\b", "ab"}) test::put_file(dir / name, {1});
  ::mkdir((dir / "d*").c_str(), 0755);
  test::put_file(dir / "d*/f", {1});
  platform::RealFileView view;

  CHECK(view.glob(dir / "a\\*b") == std::vector<std::string>{dir / "a*b"});
  CHECK(view.glob(dir / "a*b") == std::vector<std::string>{dir / "a*b", dir / "a\\b", dir / "ab", dir / "axb"});
  CHECK(view.glob(dir / "a\\?c") == std::vector<std::string>{dir / "a?c"});
  CHECK(view.glob(dir / "a\\[1]") == std::vector<std::string>{dir / "a[1]"});
  CHECK(view.glob(dir / "a[1]") == std::vector<std::string>{dir / "a1"});
  CHECK(view.glob(dir / "a\\\\b") == std::vector<std::string>{dir / "a\\b"});
  CHECK(view.glob(dir / "a\\b") == std::vector<std::string>{dir / "ab"});
  // An escaped wildcard in a directory's name is no wildcard there.
  CHECK(view.glob(dir / "d\\*/f") == std::vector<std::string>{dir / "d*/f"});
  CHECK(view.glob(dir / "d\\*/*") == std::vector<std::string>{dir / "d*/f"});
  CHECK(view.glob(dir / "d*/f").empty());
  // An escaped `..` climbs nowhere.
  CHECK(view.glob(dir / "d\\*/\\.\\./a1").empty());
  CHECK(view.glob(dir / "d\\*/\\.\\.").empty());
}

TEST_CASE("real_file_view: has_wildcard, and the one name of a pattern without one") {
  CHECK(platform::has_wildcard("/a/*"));
  CHECK(platform::has_wildcard("/a/b?"));
  CHECK(platform::has_wildcard("/a/[ab]"));
  CHECK_FALSE(platform::has_wildcard("/a/b_1"));
  CHECK_FALSE(platform::has_wildcard("/a/\\*b\\?\\["));
  CHECK(platform::has_wildcard("/a/\\\\*"));
  CHECK(platform::has_wildcard("/a/\\**"));
  CHECK(platform::glob_literal("/d\\*/a\\\\b\\?") == "/d*/a\\b?");
  CHECK(platform::glob_literal("/a/b\\") == "/a/b\\");
}

}  // namespace hwbench::kernels
