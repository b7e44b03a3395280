// The parts of a run on other hosts that need no server: quoting (checked by a real sh), the
// bundle through a real pipe, the fleet file's errors, the binaries' names and places.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/remote/bundle.hpp"
#include "runtime/remote/dist.hpp"
#include "runtime/remote/fleet_file.hpp"
#include "runtime/remote/host_run.hpp"
#include "runtime/remote/shell_quote.hpp"
#include "runtime/remote/ssh_session.hpp"
#include "tests/support/temp_dir.hpp"

namespace remote = hwbench::runtime::remote;
namespace test = hwbench::test;

namespace {

/// What /bin/sh -c makes of `command`: the output of running it.
std::string sh_output(const std::string& command) {
  remote::SessionInput io;
  const auto end = remote::run_session({"sh", "-c", command}, io);
  REQUIRE(end.start_error.empty());
  return end.out;
}

}  // namespace

TEST_CASE("remote: quoted words reach a real shell as they were, whatever they hold") {
  const std::vector<std::string> words{"plain", "two words", "it's",        "\"double\"", "$HOME", "a;b", "`id`",
                                       "$(id)", "*",         "back\\slash", "new\nline",  "",      "-L",  "st=/tmp/a b",
                                       "~",     "'"};
  std::string expected;
  for (const auto& w : words) expected += "[" + w + "]\n";
  CHECK(sh_output("printf '[%s]\\n' " + remote::shell_words(words)) == expected);
  CHECK(remote::shell_quote("st=/mnt/disk1") == "st=/mnt/disk1");
  CHECK(remote::shell_quote("it's") == "'it'\\''s'");
  CHECK(remote::shell_quote("") == "''");
}

TEST_CASE("remote: the ssh command line: the user's client words, batch mode, then the destination") {
  CHECK(remote::ssh_client_words(nullptr) == std::vector<std::string>{"ssh"});
  CHECK(remote::ssh_client_words("  ") == std::vector<std::string>{"ssh"});
  CHECK(remote::ssh_client_words("ssh -F /tmp/cfg\t-q") == std::vector<std::string>{"ssh", "-F", "/tmp/cfg", "-q"});
  CHECK(remote::ssh_argv({"ssh", "-F", "c"}, "nas", "sh -c 'x'") ==
        std::vector<std::string>{"ssh", "-F", "c", "-T", "-o", "BatchMode=yes", "--", "nas", "sh -c 'x'"});
  CHECK(remote::destination_problem("-oProxyCommand=x") ==
        "the ssh destination '-oProxyCommand=x' starts with '-' (ssh would take it for an option)");
  CHECK(remote::destination_problem("me@nas").empty());
}

TEST_CASE("remote: a bundle crosses a pipe and is unpacked without reading past its end") {
  test::TempDir dir;
  const std::vector<remote::BundleFile> files{
      {"r.bench", "title \"x\"\n"}, {"base/ref.toml", std::string("a\0b\n", 4)}, {"empty", ""}};
  int p[2];
  REQUIRE(::pipe(p) == 0);
  const std::string bundle = remote::pack_bundle(files) + "what follows is the session's";
  std::thread writer([&] {
    CHECK(::write(p[1], bundle.data(), bundle.size()) == static_cast<ssize_t>(bundle.size()));
    ::close(p[1]);
  });
  std::string error;
  CHECK(remote::unpack_bundle(p[0], dir.path(), error));
  CHECK(error.empty());
  writer.join();
  char rest[64] = {};
  CHECK(::read(p[0], rest, sizeof rest) == 29);
  CHECK(std::string(rest) == "what follows is the session's");
  ::close(p[0]);
  CHECK(test::read_text(dir / "r.bench") == "title \"x\"\n");
  CHECK(test::read_text(dir / "base/ref.toml") == std::string("a\0b\n", 4));
  CHECK(test::exists(dir / "empty"));
}

TEST_CASE("remote: a bundle may not name a file outside its directory") {
  CHECK(remote::bundle_path_problem("../x") == "'../x' has a part '..'");
  CHECK(remote::bundle_path_problem("/etc/passwd") == "'/etc/passwd' is absolute");
  CHECK(remote::bundle_path_problem("a//b") == "'a//b' has a part ''");
  CHECK(remote::bundle_path_problem("a/b.toml").empty());
  test::TempDir dir;
  int p[2];
  REQUIRE(::pipe(p) == 0);
  const std::string bad = "hwbench-bundle 1\nfile 2 ../escaped\nhi";
  REQUIRE(::write(p[1], bad.data(), bad.size()) == static_cast<ssize_t>(bad.size()));
  ::close(p[1]);
  std::string error;
  CHECK_FALSE(remote::unpack_bundle(p[0], dir.path(), error));
  ::close(p[0]);
  CHECK(error == "the bundle names a file outside its directory: '../escaped' has a part '..'");
  CHECK_FALSE(test::exists(dir.path() + "/../escaped"));
}

TEST_CASE("remote: each uname -m names the binary scripts/build-static makes for it") {
  CHECK(remote::dist_arch("x86_64") == "x86_64");
  CHECK(remote::dist_arch("aarch64") == "aarch64");
  CHECK(remote::dist_arch("arm64") == "aarch64");
  CHECK(remote::dist_arch("armv7l") == "armhf");
  CHECK(remote::dist_arch("armv6l") == "armhf");
  CHECK(remote::dist_arch("armv5tel") == "armel");
  CHECK(remote::dist_arch("armv5tejl") == "armel");
  CHECK_FALSE(remote::dist_arch("riscv64").has_value());
  CHECK(remote::dist_binary_name("0.1.0", "armhf") == "hwbench-0.1.0-linux-armhf");
  CHECK(remote::dist_dirs("/opt/d", "/env/d", "/src/build/hwbench") == std::vector<std::string>{"/opt/d"});
  CHECK(remote::dist_dirs("", "/env/d", "/src/build/hwbench") == std::vector<std::string>{"/env/d"});
  CHECK(remote::dist_dirs("", "", "/src/build/hwbench") == std::vector<std::string>{"/src/dist", "/src/build/dist"});
  CHECK(remote::missing_binary_message("aarch64", "arm64", {"/src/dist", "/src/build/dist"}, "0.1.0") ==
        "no hwbench binary for its architecture aarch64 (hwbench-0.1.0-linux-aarch64 in /src/dist or /src/build/dist): "
        "build it with scripts/build-static aarch64");
  CHECK(remote::missing_binary_message("", "riscv64", {"/src/dist"}, "0.1.0") ==
        "its architecture 'riscv64' (uname -m) has no static hwbench: there are builds for x86_64, aarch64, armhf, "
        "armel");
}

TEST_CASE("remote: binaries are found by name, first directory first, and hashed") {
  test::TempDir a, b;
  test::write_text(b / "hwbench-0.1.0-linux-x86_64", "abc");
  test::write_text(a / "hwbench-0.1.0-linux-armhf", "armhf");
  test::write_text(b / "hwbench-0.1.0-linux-armhf", "the second");
  std::vector<std::string> problems;
  const auto found = remote::find_dist_binaries({a.path(), b.path()}, "0.1.0", problems);
  CHECK(problems.empty());
  REQUIRE(found.size() == 2);
  CHECK(found[0].arch == "x86_64");
  CHECK(found[0].path == b / "hwbench-0.1.0-linux-x86_64");
  CHECK(found[0].hash == "ba7816bf8f01cfea");  // SHA-256("abc")
  CHECK(found[0].size == 3);
  CHECK(found[1].arch == "armhf");
  CHECK(found[1].path == a / "hwbench-0.1.0-linux-armhf");
}

TEST_CASE("remote: a fleet file's hosts, in order, with their own locations") {
  std::string error;
  const auto hosts = remote::parse_fleet(
      "[[host]]\nname = \"nas\"\nssh = \"admin@nas.local\"\nlocations = { disk = \"/mnt/disk 1/test\" }\n"
      "dist = \"/opt/dist\"\ncache = \"/var/tmp/c\"\n\n[[host]]\nssh = \"pi\"\n",
      "fleet.toml", error);
  REQUIRE_MESSAGE(hosts.has_value(), error);
  REQUIRE(hosts->size() == 2);
  CHECK((*hosts)[0].name == "nas");
  CHECK((*hosts)[0].destination == "admin@nas.local");
  CHECK((*hosts)[0].locations == std::vector<std::string>{"disk=/mnt/disk 1/test"});
  CHECK((*hosts)[0].dist == "/opt/dist");
  CHECK((*hosts)[0].cache == "/var/tmp/c");
  CHECK((*hosts)[1].name == "pi");
  CHECK((*hosts)[1].destination == "pi");
  CHECK((*hosts)[1].locations.empty());
}

TEST_CASE("remote: a bad fleet file gets every problem with its line and column") {
  std::string error;
  CHECK_FALSE(
      remote::parse_fleet("[[host]]\nname = \"a\"\nshh = \"x\"\n\n[[host]]\nname = \"a\"\nssh = \"-oProxyCommand=x\"\n"
                          "locations = { disk = \"relative/dir\" }\n",
                          "fleet.toml", error)
          .has_value());
  CHECK(error ==
        "fleet.toml:1:1: error: host 1: missing key 'ssh' (the destination, as ssh takes it: user@host or an alias)\n"
        "    1 | [[host]]\n"
        "      | ^\n"
        "fleet.toml:3:1: error: unknown key 'shh' in host 1; did you mean 'ssh'?\n"
        "    3 | shh = \"x\"\n"
        "      | ^~~\n"
        "fleet.toml:5:1: error: host 2: the name 'a' is given twice: each host needs its own\n"
        "    5 | [[host]]\n"
        "      | ^\n"
        "fleet.toml:7:7: error: host 2: the ssh destination '-oProxyCommand=x' starts with '-' (ssh would take it for "
        "an option)\n"
        "    7 | ssh = \"-oProxyCommand=x\"\n"
        "      |       ^\n"
        "fleet.toml:8:22: error: host 2: the location 'disk' must be an absolute path on the host, not 'relative/dir'\n"
        "    8 | locations = { disk = \"relative/dir\" }\n"
        "      |                      ^");
  // A cache the copy (from the login directory) and the run (from its own) would each find
  // elsewhere; location names that -L could not carry.
  CHECK_FALSE(remote::parse_fleet("[[host]]\nssh = \"h\"\ncache = \"~/.cache/alt\"\n"
                                  "locations = { \"\" = \"/tmp/x\", \"a=b\" = \"/tmp/y\" }\n",
                                  "fleet.toml", error)
                  .has_value());
  CHECK(error ==
        "fleet.toml:3:9: error: host 1: 'cache' must be an absolute directory on the host, not '~/.cache/alt'\n"
        "    3 | cache = \"~/.cache/alt\"\n"
        "      |         ^\n"
        "fleet.toml:4:20: error: host 1: '' is not a location name: write a NAME or a \"/DIR\", without '='\n"
        "    4 | locations = { \"\" = \"/tmp/x\", \"a=b\" = \"/tmp/y\" }\n"
        "      |                    ^\n"
        "fleet.toml:4:31: error: host 1: 'a=b' is not a location name: write a NAME or a \"/DIR\", without '='\n"
        "    4 | locations = { \"\" = \"/tmp/x\", \"a=b\" = \"/tmp/y\" }\n"
        "      |                               ^~~");
  CHECK_FALSE(remote::parse_fleet("", "empty.toml", error).has_value());
  CHECK(error == "empty.toml: error: no [[host]] tables: each host is a [[host]] with at least ssh = \"DESTINATION\"");
}

TEST_CASE("remote: the copy script takes the binary whole or leaves nothing") {
  test::TempDir dir;
  const std::string target = dir / "cache it's $x/0.1.0-abc";
  remote::SessionInput io;
  io.input = "12345";
  auto end = remote::run_session({"sh", "-c", remote::copy_script(target, 5)}, io);
  CHECK(end.exit_code == 0);
  CHECK(test::read_text(target + "/hwbench") == "12345");
  CHECK(::access((target + "/hwbench").c_str(), X_OK) == 0);
  std::vector<std::string> said;
  io.input = "123";
  io.on_stderr_line = [&](const std::string& l) { said.push_back(l); };
  const std::string short_target = dir / "short";
  end = remote::run_session({"sh", "-c", remote::copy_script(short_target, 5)}, io);
  CHECK(end.exit_code == 1);
  CHECK(said == std::vector<std::string>{"the copy of hwbench did not arrive whole"});
  CHECK_FALSE(test::exists(short_target + "/hwbench"));
  CHECK(test::count_entries(short_target) == 0);
}

TEST_CASE("remote: a binary's hash is kept in the memo and read again only when the file changed") {
  test::TempDir dist, cache;
  const std::string binary = dist / "hwbench-0.1.0-linux-x86_64";
  const std::string memo = cache / "hwbench/dist-sha256";
  test::write_text(binary, "abc");
  std::vector<std::string> problems;
  auto found = remote::find_dist_binaries({dist.path()}, "0.1.0", problems, memo);
  REQUIRE(found.size() == 1);
  CHECK(found[0].hash == "ba7816bf8f01cfea");
  struct stat st {};
  REQUIRE(::stat(binary.c_str(), &st) == 0);
  const std::string line = test::read_text(memo);
  CHECK(line == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad 3 " +
                    std::to_string(static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec) +
                    " " + std::to_string(st.st_ino) + " " + binary + "\n");
  // The memo is believed while the file's size, time and inode are the same: a memo made up here
  // shows that the file was not read again.
  test::write_text(memo, std::string(64, 'f') + line.substr(64));
  found = remote::find_dist_binaries({dist.path()}, "0.1.0", problems, memo);
  REQUIRE(found.size() == 1);
  CHECK(found[0].hash == "ffffffffffffffff");
  CHECK(found[0].size == 3);
  // Changed content (another size): hashed again, the memo updated.
  test::write_text(binary, "abcd");
  found = remote::find_dist_binaries({dist.path()}, "0.1.0", problems, memo);
  REQUIRE(found.size() == 1);
  CHECK(found[0].hash == "88d4266fd4e6338d");  // SHA-256("abcd")
  CHECK(test::read_text(memo).starts_with("88d4266fd4e6338d"));
  CHECK(problems.empty());
}
