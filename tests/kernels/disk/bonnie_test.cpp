// The bonnie kernel: what each test does and counts (seeks, updates, creates, stats, deletes),
// the file-size rule, the checks of a call, and that nothing is left behind, also after an error.
#include "kernels/disk/bonnie.hpp"

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <regex>

#include <doctest/doctest.h>
#include <fmt/format.h>

#include "base/platform/page_cache.hpp"
#include "kernels/disk/disk.hpp"
#include "kernels/disk/size_rule.hpp"
#include "tests/kernels/files/files_test_support.hpp"
#include "tests/support/fake_enosys.hpp"
#include "tests/support/temp_dir.hpp"

namespace hwbench::kernels::disk {

namespace {

constexpr std::uint64_t mib = 1 << 20;

ParamValue given(double number, std::string text = "") {
  ParamValue v;
  v.number = number;
  v.text = text.empty() ? std::to_string(static_cast<long long>(number)) : std::move(text);
  v.given = true;
  return v;
}

ParamValue flag() {
  ParamValue v;
  v.flag = true;
  v.given = true;
  return v;
}

Call bonnie_call(const std::string& test, const std::string& dir, std::map<std::string, ParamValue> params = {}) {
  Call call;
  call.args = {ArgValue{test, ""}, ArgValue{dir, dir}};
  call.params = std::move(params);
  return call;
}

/// The run as the runtime owns files: the test's own file or directory is ours. The file tests
/// run on the RAM disk, where creating and syncing 1024 files takes milliseconds.
struct Run {
  explicit Run(const std::string& base = test::disk_base().empty() ? "/tmp" : test::disk_base()) : dir(base) {
    owned.insert(dir / "Bonnie.data");
    owned.insert(dir / "Bonnie.files");
  }
  test::TempDir dir;
  std::set<std::string> owned;
  platform::RealFileView view;
  Context context() {
    Context c;
    c.files = &view;
    c.owned = [this](const std::string& p) { return owned.count(p) > 0; };
    return c;
  }
};

std::string ram_base() { return platform::filesystem_type("/dev/shm") == "tmpfs" ? "/dev/shm" : "/tmp"; }

std::size_t files_under(const std::string& root) {
  std::size_t n = 0;
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(root, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); ++it)
    if (it->is_regular_file()) ++n;
  return n;
}

std::vector<std::string> problems(const Call& call) {
  std::vector<std::string> out;
  for (const auto& p : bonnie_problems(call)) out.push_back(p.message);
  return out;
}

}  // namespace

TEST_CASE("bonnie seeks: every ticket is one seek, and one in rewrite_every also writes its chunk") {
  const auto tickets = seek_tickets(7, 1000, 10);
  REQUIRE(tickets.size() == 1000);
  const auto updates = std::count_if(tickets.begin(), tickets.end(), [](const SeekTicket& t) { return t.update; });
  for (const auto& t : tickets) {
    CHECK(t.value < (1ULL << 31));
    CHECK(t.update == (t.value % 10 == 0));
  }
  // About a tenth, as bonnie++'s UpdateSeek = 10 makes it.
  CHECK(updates > 60);
  CHECK(updates < 140);
  const auto no_updates = seek_tickets(7, 1000, 0);  // one vector: begin and end of the same one
  CHECK(std::none_of(no_updates.begin(), no_updates.end(), [](const SeekTicket& t) { return t.update; }));
  CHECK(seek_tickets(7, 50, 10)[49].value == tickets[49].value);  // the same seed, the same tickets

  Run run;
  const Call call = bonnie_call("seeks", run.dir.path(),
                                {{"size", given(2 * mib)},
                                 {"seek_count", given(1000)},
                                 {"seekers", given(3)},
                                 {"seed", given(7)},
                                 {"ram", given(0)}});
  auto kernel = bonnie_spec().make(call, run.context());
  kernel->prepare();
  CHECK(test::get_file(run.dir / "Bonnie.data").size() == 2 * mib);
  const Work w = kernel->run(1);
  CHECK(w.ops == 1000);
  CHECK(w.bytes == static_cast<std::uint64_t>(1000 + updates) * 8192);
  CHECK(w.max_latency_ns > 0);
  kernel->finish();
  CHECK_FALSE(hwbench::test::exists(run.dir / "Bonnie.data"));
}

TEST_CASE("bonnie file tests: create, stat and delete count files x 1024, spread over dirs") {
  Run run(ram_base());
  const auto params = [] {
    return std::map<std::string, ParamValue>{{"files", given(1)}, {"dirs", given(3)}, {"seed", given(3)}};
  };
  const std::string tree = run.dir / "Bonnie.files";

  auto create = bonnie_spec().make(bonnie_call("seq_create", run.dir.path(), params()), run.context());
  create->prepare();
  CHECK_FALSE(hwbench::test::exists(tree));
  Work w = create->run(1);
  CHECK(w.ops == 1024);
  CHECK(files_under(tree) == 1024);
  for (const char* sub : {"00000", "00001", "00002"}) CHECK(hwbench::test::count_entries(tree + "/" + sub) >= 341);
  w = create->run(1);  // a second sample starts from an empty directory again
  CHECK(w.ops == 1024);
  CHECK(files_under(tree) == 1024);
  create->finish();
  CHECK_FALSE(hwbench::test::exists(tree));

  for (const char* stat : {"seq_stat", "ran_stat"}) {
    CAPTURE(stat);
    auto k = bonnie_spec().make(bonnie_call(stat, run.dir.path(), params()), run.context());
    k->prepare();
    CHECK(files_under(tree) == 1024);
    CHECK(k->run(2).ops == 2048);
    k->finish();
    CHECK_FALSE(hwbench::test::exists(tree));
  }

  for (const char* del : {"seq_del", "ran_del"}) {
    CAPTURE(del);
    auto k = bonnie_spec().make(bonnie_call(del, run.dir.path(), params()), run.context());
    k->prepare();
    CHECK(files_under(tree) == 1024);
    CHECK(k->run(1).ops == 1024);
    CHECK_FALSE(hwbench::test::exists(tree));
    CHECK(k->run(1).ops == 1024);  // made again, untimed, for the next sample
    k->finish();
    CHECK_FALSE(hwbench::test::exists(tree));
  }
}

TEST_CASE("bonnie file tests: on a kernel without syncfs the tests sync every file system instead") {
  Run run(ram_base());
  hwbench::test::FakeEnosys old_kernel("syncfs");
  const std::map<std::string, ParamValue> params{{"files", given(1)}, {"seed", given(5)}};
  for (const char* test : {"seq_create", "seq_del"}) {
    CAPTURE(test);
    auto k = bonnie_spec().make(bonnie_call(test, run.dir.path(), params), run.context());
    k->prepare();
    CHECK(k->run(1).ops == 1024);
    k->finish();
    CHECK_FALSE(hwbench::test::exists(run.dir / "Bonnie.files"));
  }
}

TEST_CASE("bonnie file tests: files of min to max bytes are written and read back") {
  Run run(ram_base());
  auto params = std::map<std::string, ParamValue>{{"files", given(1)}, {"max", given(3000)}, {"min", given(1000)}};
  auto create = bonnie_spec().make(bonnie_call("ran_create", run.dir.path(), params), run.context());
  create->prepare();
  const Work w = create->run(1);
  CHECK(w.ops == 1024);
  CHECK(w.bytes >= 1024 * 1000);
  CHECK(w.bytes <= 1024 * 3000);
  std::uint64_t on_disk = 0;
  for (const auto& e : std::filesystem::directory_iterator(run.dir / "Bonnie.files")) {
    CHECK(e.file_size() >= 1000);
    CHECK(e.file_size() <= 3000);
    on_disk += e.file_size();
  }
  CHECK(on_disk == w.bytes);
  create->finish();

  auto stat = bonnie_spec().make(bonnie_call("seq_stat", run.dir.path(), params), run.context());
  stat->prepare();
  const Work read = stat->run(1);
  CHECK(read.ops == 1024);
  CHECK(read.bytes >= 1024 * 1000);
  stat->finish();
  CHECK_FALSE(hwbench::test::exists(run.dir / "Bonnie.files"));
}

TEST_CASE("bonnie file names: hex index and 0-12 random characters, digits first or last") {
  const auto seq = bonnie_file_names(300, false, 1);
  const auto ran = bonnie_file_names(300, true, 1);
  const std::regex digits_first("[0-9a-f]{10}[0-9A-Za-z]{0,12}");
  const std::regex digits_last("[0-9A-Za-z]{0,12}[0-9a-f]{10}");
  std::set<std::size_t> lengths;
  for (std::size_t i = 0; i < 300; ++i) {
    CHECK(std::regex_match(seq[i], digits_first));
    CHECK(std::regex_match(ran[i], digits_last));
    CHECK(seq[i].substr(0, 10) == fmt::format("{:010x}", i));
    CHECK(ran[i].substr(ran[i].size() - 10) == fmt::format("{:010x}", i));
    lengths.insert(seq[i].size());
  }
  CHECK(lengths.size() == 13);                                       // every length from 10 to 22 turns up
  CHECK(seq[5].substr(10) == ran[5].substr(0, ran[5].size() - 10));  // the same seed, the same characters
}

TEST_CASE("bonnie sequential tests: bytes moved, the file made and removed") {
  Run run;
  struct Case {
    const char* test;
    std::uint64_t bytes;
    std::uint64_t ops;
  };
  for (const Case c :
       {Case{"putc", 64 * 1024, 64 * 1024}, Case{"getc", 64 * 1024, 64 * 1024}, Case{"put_block", 2 * mib, 256},
        Case{"rewrite", 2 * mib, 256}, Case{"get_block", 2 * mib, 256}}) {
    CAPTURE(c.test);
    const std::string name = c.test;
    std::map<std::string, ParamValue> params = {{"size", given(2 * mib)}, {"ram", given(0)}};
    if (name == "putc" || name == "getc") params = {{"chars", given(64 * 1024)}};
    auto k = bonnie_spec().make(bonnie_call(c.test, run.dir.path(), params), run.context());
    k->prepare();
    const Work w = k->run(1);
    CHECK(w.bytes == c.bytes);
    CHECK(w.ops == c.ops);
    CHECK(w.max_latency_ns > 0);
    CHECK(test::get_file(run.dir / "Bonnie.data").size() == c.bytes);
    k->finish();
    CHECK_FALSE(hwbench::test::exists(run.dir / "Bonnie.data"));
  }
}

TEST_CASE("bonnie evict: each timed pass of a reading test starts with none of the file cached") {
  if (test::disk_base().empty()) {
    MESSAGE("no disk-backed directory to evict a file from");
    return;
  }
  Run run;
  for (const char* name : {"rewrite", "getc", "get_block", "seeks"}) {
    CAPTURE(name);
    const bool chars = std::string(name) == "getc";
    std::map<std::string, ParamValue> params = {{"size", given(mib)}, {"ram", given(0)}, {"evict", flag()}};
    if (chars) params = {{"chars", given(64 * 1024)}, {"evict", flag()}};
    if (std::string(name) == "seeks") params["seek_count"] = given(100);
    Context context = run.context();
    // The runtime calls this hook around untimed work; here it looks at the cache just after it.
    std::vector<std::uint64_t> resident_after;
    context.exclude = [&](const std::function<void()>& fn) {
      fn();
      resident_after.push_back(platform::residency(run.dir / "Bonnie.data").residency.resident_pages);
    };
    auto k = bonnie_spec().make(bonnie_call(name, run.dir.path(), params), context);
    k->prepare();
    CHECK(platform::residency(run.dir / "Bonnie.data").residency.resident_pages > 0);  // as the earlier phases leave it
    // Two passes of one test show that the second starts evicted too; one pass of the others.
    const std::uint64_t passes = std::string(name) == "get_block" ? 2 : 1;
    k->run(passes);
    CHECK(resident_after == std::vector<std::uint64_t>(passes, 0));
    k->finish();
  }
  // Without it the cache stays as bonnie++ leaves it: nothing is evicted, nothing is excluded.
  Context context = run.context();
  int excluded = 0;
  context.exclude = [&](const std::function<void()>& fn) {
    fn();
    ++excluded;
  };
  auto k =
      bonnie_spec().make(bonnie_call("get_block", run.dir.path(), {{"size", given(mib)}, {"ram", given(0)}}), context);
  k->prepare();
  k->run(1);
  CHECK(excluded == 0);
  const platform::Residency after = platform::residency(run.dir / "Bonnie.data").residency;
  CHECK(after.total_pages > 0);
  CHECK(after.resident_pages == after.total_pages);
  k->finish();
}

TEST_CASE("bonnie put_block: the bytes bonnie++ writes (zeros, one byte incremented per chunk)") {
  Run run;
  auto k = bonnie_spec().make(
      bonnie_call("put_block", run.dir.path(), {{"size", given(mib)}, {"ram", given(0)}, {"chunk", given(256, "256")}}),
      run.context());
  k->prepare();
  k->run(1);
  const auto bytes = test::get_file(run.dir / "Bonnie.data");
  REQUIRE(bytes.size() == mib);
  // 4096 chunks of 256: byte i of the buffer went up once per lap, 16 laps.
  CHECK(bytes[0] == 1);
  CHECK(bytes[255] == 0);
  CHECK(bytes[256 + 1] == 1);
  CHECK(bytes[256 * 256] == 2);
  CHECK(bytes[mib - 1] == 16);
  k->finish();
}

TEST_CASE("bonnie: a stranger's file is refused, and a failed write removes what it wrote") {
  Run run;
  test::put_file(run.dir / "Bonnie.data", {1, 2, 3});
  run.owned.clear();
  auto k = bonnie_spec().make(bonnie_call("put_block", run.dir.path(), {{"size", given(mib)}, {"ram", given(0)}}),
                              run.context());
  CHECK_THROWS_WITH_AS(k->prepare(), doctest::Contains("refusing to overwrite"), KernelError);
  CHECK(test::get_file(run.dir / "Bonnie.data").size() == 3);
  ::unlink((run.dir / "Bonnie.data").c_str());
  run.owned.insert(run.dir / "Bonnie.data");

  // A file-size limit stands in for a full disk: the write fails part way, in a child process.
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::signal(SIGXFSZ, SIG_IGN);
    rlimit limit{256 * 1024, 256 * 1024};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    auto w = bonnie_spec().make(bonnie_call("put_block", run.dir.path(), {{"size", given(mib)}, {"ram", given(0)}}),
                                run.context());
    int code = 10;
    try {
      w->prepare();
      w->run(1);
    } catch (const KernelError& e) {
      const std::string m = e.what();
      code = m == "cannot write " + (run.dir / "Bonnie.data") + ": File too large" ? 0 : 11;
    }
    std::_Exit(hwbench::test::exists(run.dir / "Bonnie.data") ? 12 : code);
  }
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK_FALSE(hwbench::test::exists(run.dir / "Bonnie.data"));
}

TEST_CASE("bonnie's file-size rule") {
  // Unset: max(300 MiB, 2 x RAM), rounded up to a whole GiB when more than 512 MiB past one.
  CHECK(bonnie_file_size({}, {}, 100, 1).size_mib == 300);
  CHECK(bonnie_file_size({}, {}, 256, 1).size_mib == 512);
  CHECK(bonnie_file_size({}, {}, 24000, 1).size_mib == 48128);
  CHECK(bonnie_file_size({}, {}, 1200, 1).size_mib == 2400);
  CHECK(bonnie_file_size({}, {}, 1300, 1).size_mib == 3072);
  CHECK(bonnie_file_size({}, {}, 0, 1).size_mib == 300);
  // A RAM figure like -r stands for the machine's; 0 turns the rule off.
  CHECK(bonnie_file_size({}, 256, 24000, 1).size_mib == 512);
  CHECK(bonnie_file_size({}, 0, 24000, 1).size_mib == 300);
  // An explicit size stands; with a RAM figure too it must reach twice it, as bonnie++ -s -r checks.
  CHECK(bonnie_file_size(512, {}, 24000, 1).refusal.empty());
  CHECK(bonnie_file_size(512, 256, 24000, 1).refusal.empty());
  CHECK(bonnie_file_size(511, 256, 24000, 1).refusal ==
        "File size should be double RAM for good results, RAM is 256M.");
  CHECK(bonnie_file_size(256, 256, 24000, 2).refusal.empty());
  CHECK(physical_ram_mib() > 0);
}

TEST_CASE("bonnie: the checks of a call") {
  CHECK(problems(bonnie_call("putz", "/d")) == std::vector<std::string>{"'putz' is not a bonnie++ test"});
  CHECK(problems(bonnie_call("putc", "/d", {{"seekers", given(3)}, {"files", given(2)}})) ==
        std::vector<std::string>{"'seekers' has no meaning for 'bonnie putc'",
                                 "'files' has no meaning for 'bonnie putc'"});
  CHECK(bonnie_problems(bonnie_call("putc", "/d", {{"seekers", given(3)}})).at(0).hint == "it applies to: seeks");
  CHECK(problems(bonnie_call("put_block", "/d", {{"size", given(511 * mib)}, {"ram", given(256 * mib)}})) ==
        std::vector<std::string>{"File size should be double RAM for good results, RAM is 256M."});
  CHECK(problems(bonnie_call("put_block", "/d", {{"size", given(mib + 1)}})) ==
        std::vector<std::string>{"size 1048577 is not a whole number of MiB"});
  CHECK(problems(bonnie_call("get_block", "/d", {{"chunk", given(3000)}, {"size", given(mib)}})) ==
        std::vector<std::string>{"chunk 3000 is not a power of two"});
  CHECK(problems(bonnie_call("seeks", "/d", {{"direct", flag()}, {"chunk", given(1024)}, {"size", given(mib)}})) ==
        std::vector<std::string>{"direct needs a chunk of at least 4KiB, not 1024"});
  CHECK(problems(bonnie_call("put_block", "/d", {{"evict", flag()}, {"size", given(mib)}})) ==
        std::vector<std::string>{"'evict' has no meaning for 'bonnie put_block'"});
  CHECK(bonnie_problems(bonnie_call("putc", "/d", {{"evict", flag()}})).at(0).hint ==
        "it applies to: rewrite, getc, get_block, seeks");
  CHECK(problems(bonnie_call("ran_stat", "/d", {{"max", given(10)}, {"min", given(20)}})) ==
        std::vector<std::string>{"min 20 is larger than max 10"});
  CHECK(problems(bonnie_call("seq_create", "/d", {{"files", given(16)}, {"dirs", given(8)}})).empty());
}

TEST_CASE("bonnie: the files a call declares, sized for the checker") {
  const platform::RealFileView view;
  const auto fx =
      bonnie_spec().effects(bonnie_call("put_block", "/nonexistent-dir", {{"size", given(512 * mib)}}), view);
  REQUIRE(fx.problems.empty());
  REQUIRE(fx.creates.size() == 1);
  CHECK(fx.creates[0].path == "/nonexistent-dir/Bonnie.data");
  CHECK(fx.creates[0].size == 512 * mib);
  CHECK(fx.removes == std::vector<std::string>{"/nonexistent-dir/Bonnie.data"});
  const auto files = bonnie_spec().effects(
      bonnie_call("seq_create", "/nonexistent-dir", {{"files", given(2)}, {"max", given(4096)}}), view);
  REQUIRE(files.creates.size() == 1);
  CHECK(files.creates[0].path == "/nonexistent-dir/Bonnie.files");
  CHECK(files.creates[0].size == 2 * 1024 * 4096);
  const auto auto_size = bonnie_spec().effects(bonnie_call("get_block", "/nonexistent-dir"), view);
  REQUIRE(auto_size.creates.size() == 1);
  CHECK(auto_size.creates[0].size == bonnie_file_size({}, {}, physical_ram_mib(), 1).size_mib * mib);
}

}  // namespace hwbench::kernels::disk
