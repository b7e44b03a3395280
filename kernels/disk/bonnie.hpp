#pragma once
// bonnie++ 1.96's twelve tests as one kernel, `bonnie TEST DIR …`: what a call resolves to, and
// the three kinds of test object (bulk I/O, seeks, file creation) that bonnie.cpp dispatches to.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels::disk {

/// The tests, in the order of bonnie++'s report and CSV line.
enum class BonnieTest {
  putc,        ///< Sequential Output, Per Chr: one write(2) per byte
  put_block,   ///< Sequential Output, Block
  rewrite,     ///< Sequential Output, Rewrite: read, change, seek back, write
  getc,        ///< Sequential Input, Per Chr: one read(2) per byte
  get_block,   ///< Sequential Input, Block
  seeks,       ///< Random Seeks
  seq_create,  ///< Sequential Create
  seq_stat,    ///< Sequential Create, Read (stat)
  seq_del,     ///< Sequential Create, Delete
  ran_create,  ///< Random Create
  ran_stat,    ///< Random Create, Read (stat)
  ran_del,     ///< Random Create, Delete
};

/// Every test's name as a recipe writes it: bonnie++'s CSV header names ("put_block").
inline constexpr std::array<std::string_view, 12> bonnie_test_names = {
    "putc",       "put_block", "rewrite", "getc",       "get_block", "seeks",
    "seq_create", "seq_stat",  "seq_del", "ran_create", "ran_stat",  "ran_del"};

/// The test called `name`, or nullopt.
std::optional<BonnieTest> find_bonnie_test(std::string_view name);

/// Whether `test` is one of the six file-creation tests.
bool is_file_test(BonnieTest test);

/// A `bonnie` call, resolved (sizes in bytes).
struct BonnieOptions {
  BonnieTest test = BonnieTest::put_block;
  std::string dir;                               ///< DIR, absolute
  std::uint64_t size = 0;                        ///< the test file (bulk tests, seeks), after the size rule
  std::uint64_t chunk = 8192;                    ///< bytes per read/write call (bonnie++ -s S:chunk)
  std::uint64_t chars = std::uint64_t{3} << 20;  ///< bytes of the per-character tests (bonnie++ -f)
  bool direct = false;                           ///< O_DIRECT for the block tests and seeks (-D)
  bool fsync_each = false;                       ///< fsync after every write and file operation (-b)
  bool evict = false;                            ///< empty the file's page cache before each timed pass
  std::uint32_t seekers = 5;                     ///< concurrent seekers
  std::uint32_t seek_count = 8192;               ///< seeks in all
  std::uint32_t rewrite_every = 10;              ///< one seek in N also rewrites its chunk; 0: none
  std::uint64_t files = 16;                      ///< file tests: files × 1024 files
  std::uint64_t max_size = 0;                    ///< file tests: largest file
  std::uint64_t min_size = 0;                    ///< file tests: smallest file
  std::uint32_t dirs = 1;                        ///< file tests: directories to spread them over
  std::uint64_t seed = 0;                        ///< seeds the tickets and the random names

  /// DIR/Bonnie.data: the bulk tests' and seeks' file.
  std::string data_path() const;
  /// DIR/Bonnie.files: the file tests' directory.
  std::string tree_path() const;
};

/// Resolves a checked call (file size through bonnie++'s rule; a refusal is a problem of
/// bonnie_problems, not an error here).
BonnieOptions bonnie_options(const Call& call);

/// Everything wrong with a call: an unknown test, a parameter that means nothing to its test,
/// a chunk that is not a power of two, bonnie++'s RAM refusal, sizes that do not fit.
std::vector<Problem> bonnie_problems(const Call& call);

/// putc, put_block, rewrite, getc or get_block.
std::unique_ptr<Kernel> make_bulk_test(const BonnieOptions& options, const Context& context);
/// seeks.
std::unique_ptr<Kernel> make_seek_test(const BonnieOptions& options, const Context& context);
/// The six file-creation tests.
std::unique_ptr<Kernel> make_file_test(const BonnieOptions& options, const Context& context);

/// One random seek: which chunk, and whether it is also rewritten.
struct SeekTicket {
  std::uint64_t value = 0;  ///< a 31-bit random number; the chunk is value % chunks
  bool update = false;      ///< value % rewrite_every == 0
};

/// bonnie++'s tickets: `count` random numbers from `seed`, every one divisible by
/// `rewrite_every` marked as an update (none when it is 0).
std::vector<SeekTicket> seek_tickets(std::uint64_t seed, std::uint32_t count, std::uint32_t rewrite_every);

/// The names of the file tests: the index as 10 hex digits (`%010x`) and 0 to 12 random
/// characters from [0-9A-Za-z], digits first (sequential tests) or last (random tests).
std::vector<std::string> bonnie_file_names(std::uint64_t count, bool random_first, std::uint64_t seed);

}  // namespace hwbench::kernels::disk
