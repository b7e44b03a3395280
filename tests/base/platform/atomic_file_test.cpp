#include "base/platform/atomic_file.hpp"

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

#include "tests/support/unprivileged.hpp"

namespace {

namespace fs = std::filesystem;
namespace platform = hwbench::platform;

struct TempDir {
  std::string path;
  TempDir() {
    std::string templ = "/tmp/hwbench-atomic-XXXXXX";
    REQUIRE(::mkdtemp(templ.data()) != nullptr);
    path = templ;
  }
  ~TempDir() {
    std::error_code ec;
    for (const auto& entry : fs::recursive_directory_iterator(path, ec)) {
      if (entry.is_directory(ec)) fs::permissions(entry.path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
    fs::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> entries(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

mode_t mode_of(const std::string& path) {
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  return st.st_mode & 07777;
}

namespace test = hwbench::test;

}  // namespace

TEST_CASE("write_file_atomically: content lands byte-exact and no temp file is left") {
  TempDir dir;
  std::string content = "line one\n";
  content.push_back('\0');
  for (int i = 0; i < 300000; ++i) content.push_back(static_cast<char>(i * 7));
  const std::string path = dir.path + "/out.json";
  std::string error;
  REQUIRE(platform::write_file_atomically(path, content, error));
  CHECK(error.empty());
  CHECK(slurp(path) == content);
  CHECK(entries(dir.path) == std::vector<std::string>{"out.json"});
}

TEST_CASE("write_file_atomically: an empty content gives an empty file") {
  TempDir dir;
  const std::string path = dir.path + "/empty";
  std::string error;
  REQUIRE(platform::write_file_atomically(path, "", error));
  CHECK(fs::exists(path));
  CHECK(fs::file_size(path) == 0);
}

TEST_CASE("write_file_atomically: an existing file is replaced whole and keeps its mode") {
  TempDir dir;
  const std::string path = dir.path + "/r.json";
  std::string error;
  REQUIRE(platform::write_file_atomically(path, std::string(10000, 'x'), error));
  REQUIRE(::chmod(path.c_str(), 0640) == 0);
  REQUIRE(platform::write_file_atomically(path, "short\n", error));
  CHECK(slurp(path) == "short\n");
  CHECK(mode_of(path) == 0640);
  CHECK(entries(dir.path) == std::vector<std::string>{"r.json"});
}

TEST_CASE("write_file_atomically: a new file gets 0666 minus the umask") {
  TempDir dir;
  const mode_t old = ::umask(027);
  std::string error;
  const bool ok = platform::write_file_atomically(dir.path + "/m", "m", error);
  ::umask(old);
  REQUIRE(ok);
  CHECK(mode_of(dir.path + "/m") == 0640);
}

TEST_CASE("write_file_atomically: a missing directory leaves nothing and says why") {
  TempDir dir;
  const std::string path = dir.path + "/missing/x.json";
  std::string error;
  CHECK_FALSE(platform::write_file_atomically(path, "data", error));
  CHECK(error == "cannot write " + path + ": No such file or directory");
  CHECK(entries(dir.path).empty());
}

TEST_CASE("write_file_atomically: a non-writable directory leaves nothing and says why") {
  TempDir dir;
  const std::string ro = dir.path + "/ro";
  REQUIRE(::mkdir(ro.c_str(), 0755) == 0);
  REQUIRE(::chmod(dir.path.c_str(), 0755) == 0);
  REQUIRE(::chmod(ro.c_str(), 0555) == 0);
  const std::string path = ro + "/x.json";
  std::string error;
  bool ok = true;
  {
    test::Unprivileged nobody;
    ok = platform::write_file_atomically(path, "data", error);
  }
  CHECK_FALSE(ok);
  CHECK(error == "cannot write " + path + ": Permission denied");
  CHECK(entries(ro).empty());
}

TEST_CASE("write_file_atomically: a failed rename removes the temp file and keeps the target") {
  TempDir dir;
  const std::string target = dir.path + "/taken";
  REQUIRE(::mkdir(target.c_str(), 0755) == 0);
  std::ofstream(target + "/inside") << "keep";
  std::string error;
  CHECK_FALSE(platform::write_file_atomically(target, "data", error));
  CHECK(error == "cannot write " + target + ": Is a directory");
  CHECK(entries(dir.path) == std::vector<std::string>{"taken"});
  CHECK(slurp(target + "/inside") == "keep");
}

TEST_CASE("write_file_atomically: a file in place of the directory") {
  TempDir dir;
  std::ofstream(dir.path + "/f") << "plain";
  const std::string path = dir.path + "/f/x.json";
  std::string error;
  CHECK_FALSE(platform::write_file_atomically(path, "data", error));
  CHECK(error == "cannot write " + path + ": Not a directory");
  CHECK(entries(dir.path) == std::vector<std::string>{"f"});
}

TEST_CASE("make_directories: creates every missing level and accepts existing ones") {
  TempDir dir;
  const std::string deep = dir.path + "/a/b//c/";
  std::string error;
  REQUIRE(platform::make_directories(deep, error));
  CHECK(fs::is_directory(dir.path + "/a/b/c"));
  CHECK(platform::make_directories(deep, error));
  CHECK(platform::make_directories(dir.path, error));
  CHECK(platform::make_directories("/", error));
  CHECK(error.empty());
}

TEST_CASE("make_directories: failures name the part that could not be created") {
  TempDir dir;
  std::string error;
  std::ofstream(dir.path + "/f") << "plain";
  CHECK_FALSE(platform::make_directories(dir.path + "/f/x", error));
  CHECK(error == "cannot create directory " + dir.path + "/f: File exists");

  const std::string ro = dir.path + "/ro";
  REQUIRE(::mkdir(ro.c_str(), 0555) == 0);
  REQUIRE(::chmod(dir.path.c_str(), 0755) == 0);
  bool ok = true;
  {
    test::Unprivileged nobody;
    ok = platform::make_directories(ro + "/x/y", error);
  }
  CHECK_FALSE(ok);
  CHECK(error == "cannot create directory " + ro + "/x: Permission denied");
  CHECK_FALSE(fs::exists(ro + "/x"));

  CHECK_FALSE(platform::make_directories("", error));
  CHECK(error == "cannot create directory: empty path");
}

TEST_CASE("write_file_atomically: a device or a FIFO is written through, never replaced by a file") {
  TempDir dir;
  std::string error;
  // `-o /dev/null` as root renamed a regular file over the device: every later `> /dev/null`
  // then wrote into a file that programs read from as their empty input. A null device of our own:
  const std::string null = dir.path + "/null";
  if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0) {
    CHECK(platform::write_file_atomically(null, std::string("a result\n"), error));
    struct stat st {};
    REQUIRE(::stat(null.c_str(), &st) == 0);
    CHECK(S_ISCHR(st.st_mode));
    CHECK(entries(dir.path) == std::vector<std::string>{"null"});
  } else {
    MESSAGE("no device node of our own (not root): " << null);
  }
  // A FIFO, its reader here: the content arrives through it, and it stays a FIFO.
  const std::string fifo = dir.path + "/pipe";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::string received;
  std::thread reader([&] { received = slurp(fifo); });
  CHECK(platform::write_file_atomically(fifo, std::string("through the pipe\n"), error));
  reader.join();
  CHECK(received == "through the pipe\n");
  CHECK(fs::is_fifo(fifo));
  // A directory is refused, with what it is.
  CHECK_FALSE(platform::write_file_atomically(dir.path, std::string("x"), error));
  CHECK(error == "cannot write " + dir.path + ": Is a directory");
}

TEST_CASE("write_file_atomically: through a symbolic link the file it names is replaced, the link stays") {
  TempDir dir;
  const std::string real = dir.path + "/real.json", link = dir.path + "/latest.json";
  std::ofstream(real) << "old";
  fs::create_symlink("real.json", link);
  std::string error;
  REQUIRE(platform::write_file_atomically(link, std::string("new"), error));
  CHECK(fs::is_symlink(link));
  CHECK(slurp(real) == "new");
  CHECK(entries(dir.path) == std::vector<std::string>{"latest.json", "real.json"});
}
