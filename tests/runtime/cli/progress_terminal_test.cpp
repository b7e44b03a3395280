// The progress of the real binary: on a pseudo-terminal a status line rewritten in place, no line
// wider than the terminal, colours unless NO_COLOR; on a pipe one line per series, -v one per
// sample, -q nothing.
#include <fcntl.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <regex>

#include <doctest/doctest.h>

#include "base/support/text_columns.hpp"
#include "tests/faults/hwbench_child.hpp"
#include "tests/support/temp_dir.hpp"

namespace test = hwbench::test;

namespace {

const char* const kRecipe =
    "series \"nothing at all\" nop runs 5\n"
    "series \"nothing, longer\" nop for 0.3s runs 2\n";

/// What `hwbench ARGS…` in `dir` writes on a pseudo-terminal `columns` wide (stdout goes to
/// /dev/null: only the progress is read), with `extra_env` ("NAME=VALUE") added to the
/// environment, and its exit code.
std::pair<std::string, int> on_terminal(const std::string& dir, const std::vector<std::string>& args,
                                        unsigned short columns, const std::vector<std::string>& extra_env) {
  std::vector<std::string> env_text;
  for (const auto& e : test::child_environment())
    if (e.rfind("NO_COLOR=", 0) != 0 && e.rfind("TERM=", 0) != 0) env_text.push_back(e);
  env_text.push_back("TERM=xterm");
  env_text.insert(env_text.end(), extra_env.begin(), extra_env.end());
  std::vector<char*> envp;
  for (auto& e : env_text) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<std::string> argv_text{HWBENCH_BINARY};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int null_fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  REQUIRE(null_fd >= 0);
  struct winsize ws {};
  ws.ws_col = columns;
  ws.ws_row = 24;
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, &ws);
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::dup2(null_fd, 1);
    if (::chdir(dir.c_str()) != 0) ::_exit(126);
    ::execve(HWBENCH_BINARY, argv.data(), envp.data());
    ::_exit(127);
  }
  ::close(null_fd);
  std::string text;
  char buf[4096];
  for (;;) {
    const ssize_t got = ::read(master, buf, sizeof buf);
    if (got > 0)
      text.append(buf, static_cast<std::size_t>(got));
    else if (got < 0 && errno == EINTR)
      continue;
    else
      break;  // EIO once the child has closed the terminal
  }
  ::close(master);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return {text, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

/// The pieces of `text` a terminal shows on one row: split at "\r" and "\n", ANSI sequences removed.
std::vector<std::string> rows(const std::string& text) {
  const std::string plain = std::regex_replace(text, std::regex("\033\\[[0-9;]*[A-Za-z]"), "");
  std::vector<std::string> out;
  std::string row;
  for (char c : plain) {
    if (c == '\r' || c == '\n') {
      if (!row.empty()) out.push_back(row);
      row.clear();
    } else {
      row += c;
    }
  }
  if (!row.empty()) out.push_back(row);
  return out;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("progress, binary: a terminal gets a status line rewritten in place, within its width") {
  test::TempDir dir;
  test::write_text(dir / "t.bench", kRecipe);
  // Not a structured binding: clang 14 cannot capture one in INFO's lambda.
  const auto shown_run = on_terminal(dir.path(), {"run", "t.bench", "-o", "r.json"}, 60, {});
  const std::string& text = shown_run.first;
  const int code = shown_run.second;
  INFO(text);
  CHECK(code == 0);
  CHECK(text.find("\r[1/2] nothing at all  0/5 samples  0:00 elapsed") != std::string::npos);
  CHECK(text.find("\033[K") != std::string::npos);
  CHECK(text.find("\033[1m") != std::string::npos);  // colours: a terminal, and no NO_COLOR
  for (const auto& row : rows(text)) CHECK(hwbench::support::display_width(row) <= 60);
  // What stays on the screen: each series' line as it ends, then the result's path. The two take
  // their samples in blocks, in turn: the one of 2 samples ends first.
  const auto shown = rows(text);
  REQUIRE(shown.size() >= 3);
  CHECK(shown[shown.size() - 1] == "result: r.json");
  const std::regex second_ends(R"(\[2/2\] nothing, longer  .* ops/s ±.*%  2 samples.*)");
  CHECK(std::any_of(shown.begin(), shown.end(),
                    [&](const std::string& row) { return std::regex_match(row, second_ends); }));
  CHECK(std::regex_match(shown[shown.size() - 2], std::regex(R"(\[1/2\] nothing at all .* ops/s ±.*%  5 samples.*)")));
}

TEST_CASE("progress, binary: NO_COLOR and --color never take the colours away") {
  test::TempDir dir;
  test::write_text(dir / "t.bench", "series \"x\" nop runs 2\n");
  auto [plain, code] = on_terminal(dir.path(), {"run", "t.bench", "-o", "r.json"}, 80, {"NO_COLOR=1"});
  CHECK(code == 0);
  CHECK(plain.find("\033[1m") == std::string::npos);
  CHECK(plain.find("\033[K") != std::string::npos);  // still a status line
  auto [never, code2] = on_terminal(dir.path(), {"run", "--color", "never", "t.bench", "-o", "r.json"}, 80, {});
  CHECK(code2 == 0);
  CHECK(never.find("\033[1m") == std::string::npos);
}

TEST_CASE("progress, binary: a pipe gets one line per series, -v one per sample, -q nothing") {
  test::TempDir dir;
  test::write_text(dir / "t.bench", kRecipe);
  {
    test::HwbenchChild run({"run", "t.bench", "-o", "r.json"}, dir.path());
    REQUIRE(run.exit_code() == 0);
    const auto got = lines(run.err());
    INFO(run.err());
    REQUIRE(got.size() == 3);
    // The two take their samples in blocks, in turn: the one of 2 samples ends first.
    CHECK(std::regex_match(
        got[0], std::regex(R"(\[2/2\] nothing, longer  [0-9.]+( [kMG])? ops/s ±[0-9.]+%  2 samples in [0-9.]+ s)")));
    CHECK(std::regex_match(
        got[1], std::regex(R"(\[1/2\] nothing at all   [0-9.]+( [kMG])? ops/s ±[0-9.]+%  5 samples in [0-9.e-]+ s)")));
    CHECK(got[2] == "result: r.json");
    CHECK(run.err().find('\r') == std::string::npos);
    CHECK(run.err().find('\033') == std::string::npos);
  }
  {
    test::HwbenchChild run({"run", "-v", "t.bench", "-o", "r.json"}, dir.path());
    REQUIRE(run.exit_code() == 0);
    CHECK(test::count_of(run.err(), "  nop runs 5  ") == 5);
    CHECK(test::count_of(run.err(), "  nop for 0.3s runs 2  ") == 2);
    CHECK(lines(run.err()).size() == 5 + 2 + 3);
  }
  {
    test::HwbenchChild run({"run", "-q", "t.bench", "-o", "r.json"}, dir.path());
    REQUIRE(run.exit_code() == 0);
    CHECK(run.err() == "");
    CHECK_FALSE(run.out().empty());  // the report still goes to stdout
  }
  {
    test::HwbenchChild run({"run", "-q", "-v", "t.bench"}, dir.path());
    CHECK(run.exit_code() == 2);
    CHECK(run.err() == "hwbench: --quiet excludes --verbose\nrun 'hwbench --help' for usage\n");
  }
}
