// `bonnie TEST DIR …`: the spec of the twelve bonnie++ 1.96 tests, the checks of a call (which
// parameters a test takes, bonnie++'s file-size rule) and the dispatch to the test objects in
// bonnie_bulk.cpp, bonnie_seeks.cpp and bonnie_files.cpp.
//
// Each statement is self-contained: it makes what its test needs before the timer (bonnie++'s
// earlier phases would have left it), times the test exactly as bonnie++ does, and removes
// everything afterwards. So `bonnie get_block disk:` writes the whole test file untimed first,
// as bonnie++'s block-write and rewrite phases leave it.
#include "kernels/disk/bonnie.hpp"

#include <cmath>
#include <set>

#include <fmt/format.h>

#include "kernels/common/kernel_io.hpp"
#include "kernels/disk/disk.hpp"
#include "kernels/disk/size_rule.hpp"

namespace hwbench::kernels::disk {

namespace {

constexpr std::uint64_t mib = std::uint64_t{1} << 20;

using T = BonnieTest;

// Which tests each parameter means something to; every other test refuses it.
struct Applies {
  const char* param;
  std::set<T> tests;
};

const std::set<T> bulk_and_seeks = {T::put_block, T::rewrite, T::get_block, T::seeks};
const std::set<T> all_file_tests = {T::seq_create, T::seq_stat, T::seq_del, T::ran_create, T::ran_stat, T::ran_del};

const std::vector<Applies>& applicability() {
  static const std::vector<Applies> table = {
      {"size", bulk_and_seeks},
      {"ram", bulk_and_seeks},
      {"chars", {T::putc, T::getc}},
      {"direct", bulk_and_seeks},
      {"evict", {T::rewrite, T::getc, T::get_block, T::seeks}},
      {"fsync", {T::put_block, T::rewrite, T::seeks, T::seq_create, T::seq_del, T::ran_create, T::ran_del}},
      {"seekers", {T::seeks}},
      {"seek_count", {T::seeks}},
      {"rewrite_every", {T::seeks}},
      {"files", all_file_tests},
      {"max", all_file_tests},
      {"min", all_file_tests},
      {"dirs", all_file_tests},
  };
  return table;
}

bool given(const Call& call, const std::string& name) {
  const auto it = call.params.find(name);
  return it != call.params.end() && it->second.given;
}

std::uint64_t whole(const Call& call, const std::string& name, std::uint64_t fallback) {
  const auto it = call.params.find(name);
  // Defaults are the fallbacks below (the same as the spec's default texts), so a call built
  // without the binder's filling-in means the same.
  if (it == call.params.end() || !it->second.given) return fallback;
  return it->second.number > 0 ? static_cast<std::uint64_t>(std::llround(it->second.number)) : 0;
}

std::string test_list() {
  std::string out;
  for (auto name : bonnie_test_names) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

std::string tests_taking(const std::set<T>& tests) {
  std::string out;
  for (T t : tests) out += (out.empty() ? "" : ", ") + std::string(bonnie_test_names[static_cast<std::size_t>(t)]);
  return out;
}

SizeDecision size_decision(const Call& call) {
  std::optional<std::uint64_t> size, ram;
  if (whole(call, "size", 0) > 0) size = whole(call, "size", 0) / mib;
  if (given(call, "ram")) ram = whole(call, "ram", 0) / mib;
  return bonnie_file_size(size, ram, physical_ram_mib(), whole(call, "concurrency", 1));
}

}  // namespace

std::optional<BonnieTest> find_bonnie_test(std::string_view name) {
  for (std::size_t i = 0; i < bonnie_test_names.size(); ++i)
    if (bonnie_test_names[i] == name) return static_cast<BonnieTest>(i);
  return std::nullopt;
}

bool is_file_test(BonnieTest test) { return all_file_tests.count(test) != 0; }

std::string BonnieOptions::data_path() const { return common::join_path(dir, "Bonnie.data"); }

std::string BonnieOptions::tree_path() const { return common::join_path(dir, "Bonnie.files"); }

BonnieOptions bonnie_options(const Call& call) {
  BonnieOptions o;
  o.test = find_bonnie_test(call.args.at(0).text).value_or(BonnieTest::put_block);
  o.dir = call.args.at(1).path;
  o.size = size_decision(call).size_mib * mib;
  o.chunk = std::max<std::uint64_t>(1, whole(call, "chunk", o.chunk));
  o.chars = whole(call, "chars", o.chars);
  o.direct = call.flag("direct");
  o.fsync_each = call.flag("fsync");
  o.evict = call.flag("evict");
  o.seekers = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, whole(call, "seekers", o.seekers)));
  o.seek_count = static_cast<std::uint32_t>(whole(call, "seek_count", o.seek_count));
  o.rewrite_every = static_cast<std::uint32_t>(whole(call, "rewrite_every", o.rewrite_every));
  o.files = whole(call, "files", o.files);
  o.max_size = whole(call, "max", 0);
  o.min_size = whole(call, "min", 0);
  o.dirs = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, whole(call, "dirs", o.dirs)));
  o.seed = whole(call, "seed", 0);
  return o;
}

std::vector<Problem> bonnie_problems(const Call& call) {
  std::vector<Problem> out;
  const std::string& word = call.args.at(0).text;
  const auto test = find_bonnie_test(word);
  if (!test) {
    out.push_back({fmt::format("'{}' is not a bonnie++ test", word), fmt::format("tests: {}", test_list())});
    return out;
  }
  for (const auto& a : applicability()) {
    if (given(call, a.param) && !a.tests.count(*test))
      out.push_back({fmt::format("'{}' has no meaning for 'bonnie {}'", a.param, word),
                     fmt::format("it applies to: {}", tests_taking(a.tests))});
  }
  const std::uint64_t chunk = whole(call, "chunk", 8192);
  if (chunk == 0 || (chunk & (chunk - 1)) != 0)
    out.push_back({fmt::format("chunk {} is not a power of two", chunk), "bonnie++ takes 256, 512, … up to 1MiB"});
  if (call.flag("direct") && chunk < 4096)
    out.push_back({fmt::format("direct needs a chunk of at least 4KiB, not {}", chunk),
                   "O_DIRECT transfers whole device blocks: write e.g. chunk 8KiB"});
  if (*test == T::putc || *test == T::getc) {
    const std::uint64_t chars = whole(call, "chars", 3 * mib);
    if (chunk > 0 && chars % chunk != 0)
      out.push_back({fmt::format("chars {} is not a whole number of chunks ({} bytes)", chars, chunk),
                     "the per-character tests go chunk by chunk; write e.g. chars 3MiB"});
  }
  if (bulk_and_seeks.count(*test)) {
    if (whole(call, "size", 0) % mib != 0)
      out.push_back({fmt::format("size {} is not a whole number of MiB", whole(call, "size", 0)),
                     "bonnie++ counts its file in MiB: write e.g. size 512MiB"});
    const SizeDecision d = size_decision(call);
    if (!d.refusal.empty())
      out.push_back(
          {d.refusal, "make size at least twice ram (bonnie++ -s and -r), or give ram 0 to turn the check off"});
  }
  if (is_file_test(*test) && whole(call, "min", 0) > whole(call, "max", 0))
    out.push_back({fmt::format("min {} is larger than max {}", whole(call, "min", 0), whole(call, "max", 0)),
                   "bonnie++ -n N:max:min makes files from min to max bytes"});
  if (is_file_test(*test) && whole(call, "dirs", 1) > whole(call, "files", 16) * 1024)
    out.push_back({"more directories than files", "dirs spreads files × 1024 files over that many directories"});
  return out;
}

KernelSpec bonnie_spec() {
  KernelSpec spec;
  spec.name = kernel_name::bonnie;
  spec.family = "disk";
  spec.help =
      "one of bonnie++ 1.96's tests in a directory: putc put_block rewrite getc get_block seeks "
      "seq_create seq_stat seq_del ran_create ran_stat ran_del";
  spec.lineage = "bonnie++ 1.96 (Russell Coker): bonnie++ -d DIR -s SIZE -r RAM -n FILES";
  spec.synopsis =
      "bonnie TEST DIR [size S] [ram R] [chunk C] [chars C] [direct] [evict] [fsync] [seekers N] "
      "[seek_count N] [rewrite_every N] [files N] [max S] [min S] [dirs N] [seed N] [concurrency N]";
  spec.args = {{"TEST", ArgKind::word, "", "the test, named as in bonnie++'s CSV header: " + test_list()},
               {"DIR", ArgKind::output_path, "", "the directory to test in (bonnie++ -d)"}};
  spec.params = {
      disk_param("size", ParamType::size, "auto",
                 "the test file, whole MiB (-s); auto or 0: bonnie++'s rule, max(300MiB, 2 x RAM)"),
      disk_param("ram", ParamType::size, "auto",
                 "the RAM figure the size rule uses (-r); auto: this machine's; 0: no check"),
      disk_param("chunk", ParamType::size, "8KiB", "bytes per read/write call, a power of two (-s SIZE:CHUNK)", 256,
                 static_cast<double>(mib)),
      disk_param("chars", ParamType::size, "3MiB", "bytes of the per-character tests (-f)", 256),
      disk_param("direct", ParamType::flag, "", "O_DIRECT for the block tests and seeks (-D)"),
      disk_param("evict", ParamType::flag, "",
                 "empty the test file's page cache (verified) before each timed pass: the state bonnie++'s "
                 "twice-RAM file is in, for a smaller file"),
      disk_param("fsync", ParamType::flag, "", "fsync after every write and file operation (-b)"),
      disk_param("seekers", ParamType::count, "5", "concurrent seeker threads", 1, 256),
      disk_param("seek_count", ParamType::count, "8192", "random seeks in all", 1, 1e9),
      disk_param("rewrite_every", ParamType::count, "10", "one seek in N also rewrites its chunk; 0: none", 0, 1e9),
      disk_param("files", ParamType::count, "16", "file tests: files x 1024 files (-n)", 1, 4096),
      disk_param("max", ParamType::size, "0", "file tests: the largest file (-n N:MAX)", 0, 1e12),
      disk_param("min", ParamType::size, "0", "file tests: the smallest file (-n N:MAX:MIN)", 0, 1e12),
      disk_param("dirs", ParamType::count, "1", "file tests: directories to spread the files over", 1, 99999),
      disk_param("seed", ParamType::count, "0", "seeds the seek tickets and the random names (-z)", 0, 4294967295.0),
      disk_param("concurrency", ParamType::count, "1", "recorded for the report and the size rule (-c)", 1, 200),
  };

  spec.unit = WorkUnit::operations;
  spec.effects = [](const Call& call, const platform::FileView& view) {
    FileEffects fx;
    fx.problems = bonnie_problems(call);
    for (auto& p : directory_problems("bonnie", call.args.at(1).path, view)) fx.problems.push_back(std::move(p));
    if (!fx.problems.empty()) return fx;
    const BonnieOptions o = bonnie_options(call);
    std::string path = o.data_path();
    std::uint64_t bytes = o.size;
    if (o.test == T::putc || o.test == T::getc) bytes = o.chars;
    if (is_file_test(o.test)) {
      path = o.tree_path();
      bytes = o.files * 1024 * o.max_size;
    }
    fx.creates.push_back({path, bytes});
    fx.removes.push_back(path);
    return fx;
  };
  spec.make = [](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    const auto problems = bonnie_problems(call);
    if (!problems.empty()) throw KernelError(problems.front().message);
    const BonnieOptions o = bonnie_options(call);
    if (o.test == T::seeks) return make_seek_test(o, context);
    if (is_file_test(o.test)) return make_file_test(o, context);
    return make_bulk_test(o, context);
  };
  return spec;
}

}  // namespace hwbench::kernels::disk
