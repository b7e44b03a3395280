#include "runtime/tools/bonnie/bonnie_procedure.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "kernels/disk/bonnie.hpp"
#include "runtime/tools/bonnie/bonnie_record.hpp"

namespace hwbench::runtime::tools::bonnie {

namespace {

/// The size in bytes a recipe size stands for; 0 for "".
std::uint64_t size_bytes(const std::string& recipe) {
  if (recipe.empty()) return 0;
  std::size_t digits = 0;
  while (digits < recipe.size() && std::isdigit(static_cast<unsigned char>(recipe[digits]))) ++digits;
  const std::uint64_t n = std::stoull(recipe.substr(0, digits));
  const std::string unit = recipe.substr(digits);
  if (unit == "KiB") return n << 10;
  if (unit == "MiB") return n << 20;
  if (unit == "GiB") return n << 30;
  if (unit == "TiB") return n << 40;
  return n;
}

/// The tests the log's first run shows: a figure, or +++++.
std::vector<std::string> tests_shown(const model::Result& log, const BonnieLogRun& run) {
  std::vector<std::string> out;
  for (const auto test_name : kernels::disk::bonnie_test_names) {
    const std::string test(test_name);
    const bool figure = std::any_of(log.series.begin(), log.series.end(),
                                    [&](const model::Series& s) { return s.label == test && s.samples.size() > 0; });
    const bool quick = std::find(run.too_quick.begin(), run.too_quick.end(), test) != run.too_quick.end();
    if (figure || quick) out.emplace_back(test);
  }
  return out;
}

bool reads_file(const std::string& test) {
  return test == "rewrite" || test == "getc" || test == "get_block" || test == "seeks";
}

bool uses_size(const std::string& test) {
  return test == "put_block" || test == "rewrite" || test == "get_block" || test == "seeks";
}

bool file_test(const std::string& test) {
  return test.find("_create") != std::string::npos || test.find("_stat") != std::string::npos ||
         test.find("_del") != std::string::npos;
}

/// The `let` statements of the run's parameters, each citing where the log gave it.
struct Parameters {
  std::string extra;       ///< the options every statement takes: chunk, concurrency, seed…
  std::string file_extra;  ///< the file tests': max, min, dirs
  std::string seek_extra;  ///< the seek test's: seekers, seek_count (2.00's -c)
};

Parameters write_parameters(record::RecipeWriter& w, const BonnieLogRun& run, const std::string& size,
                            const std::vector<std::string>& tests) {
  Parameters p;
  // The CSV line holds every field; the table shows the size column (Size:chnk).
  const std::string csv_cite = w.cite(run.name + "," + run.file_size);
  const std::string size_cite = csv_cite.empty() ? w.cite("\"file_size\"") : csv_cite;
  const std::string cite = size_cite.empty() ? w.cite(run.file_size) : size_cite;
  if (!size.empty())
    w.statement(fmt::format("let size = {}", size), cite);
  else if (std::any_of(tests.begin(), tests.end(), uses_size))
    w.missing("size", "bonnie++'s file size (-s; 0MiB takes its own rule, twice the RAM)", "0MiB");
  if (!run.io_chunk_size.empty()) p.extra += " chunk " + recipe_size(run.io_chunk_size, false);
  if (!run.concurrency.empty() && run.concurrency != "1") p.extra += " concurrency " + run.concurrency;
  if (run.seek_proc_count && !run.seek_proc_count->empty()) p.seek_extra += " seekers " + *run.seek_proc_count;
  if (run.seeks && !run.seeks->empty()) p.seek_extra += " seek_count " + *run.seeks;
  if (!run.num_files.empty()) {
    // A published file keeps the field by its CSV name.
    const std::string files_cite = csv_cite.empty() ? w.cite("\"num_files\"") : csv_cite;
    w.statement(fmt::format("let files = {}", run.num_files), files_cite.empty() ? cite : files_cite);
    if (!run.max_size.empty() && run.max_size != "0") p.file_extra += " max " + recipe_size(run.max_size, false);
    if (!run.min_size.empty() && run.min_size != "0") p.file_extra += " min " + recipe_size(run.min_size, false);
    if (!run.num_dirs.empty() && run.num_dirs != "0" && run.num_dirs != "1") p.file_extra += " dirs " + run.num_dirs;
  }
  return p;
}

/// `report bonnie` in the layout of the log's release: 1.03 for 1.0x, 2.00 for 1.98 to 2.00x.
std::string report_statement(const BonnieLogRun& run) {
  const std::string& version = run.bonnie_version;
  if (run.format_version.empty() || version.rfind("1.0", 0) == 0) return "report bonnie version 1.03";
  if (version.rfind("1.98", 0) == 0 || version.rfind("1.99", 0) == 0 || version.rfind("2.", 0) == 0)
    return "report bonnie version 2.00";
  if (version == "1.97") return "report bonnie version 1.97";
  return "report bonnie";
}

/// The `exec bonnie++ …` section: the program itself with the log's options, imported.
void write_original(record::RecipeWriter& w, const BonnieLogRun& run, const std::vector<std::string>& tests,
                    bool root) {
  const bool sized = std::any_of(tests.begin(), tests.end(), uses_size);
  const bool chars = std::find(tests.begin(), tests.end(), "putc") != tests.end();
  const bool files = std::any_of(tests.begin(), tests.end(), file_test);
  std::string args = "-d \"${disk:}\"";
  // -s SIZE[:CHUNK] in MiB, -r half of it so that bonnie++ takes a file under twice the RAM.
  if (sized) {
    const std::string chunk = run.io_chunk_size.empty() ? "" : ":" + run.io_chunk_size;
    args += fmt::format(" -s \"${{size / 1MiB}}{}\" \"-r\" ${{size / 2MiB}}", chunk);
  } else {
    args += " -s 0";
  }
  if (files) {
    std::string n = "${files}";
    for (const std::string* field : {&run.max_size, &run.min_size, &run.num_dirs})
      if (!field->empty()) n += ":" + *field;
    args += fmt::format(" -n \"{}\"", n);
  } else {
    args += " -n 0";
  }
  if (!chars) args += " -f";
  if (!run.concurrency.empty() && run.concurrency != "1") args += " -c " + run.concurrency;
  args += " -q";
  if (root) args += " -u root";
  w.statement("section \"bonnie++\" {");
  w.statement(fmt::format("  exec bonnie++ {} import bonnie missing skip", args),
              "the program itself, where it is installed (--original); it does not evict its file");
  w.statement("  " + report_statement(run));
  w.statement("}");
  w.blank();
  w.statement("section \"hwbench\" {");
}

}  // namespace

std::string recipe_size(const std::string& field, bool bare_mib) {
  if (field.empty()) return "";
  std::size_t digits = 0;
  while (digits < field.size() && std::isdigit(static_cast<unsigned char>(field[digits]))) ++digits;
  if (digits == 0) return "";
  const std::string n = field.substr(0, digits);
  const std::string suffix = field.substr(digits);
  if (suffix == "k" || suffix == "K") return n + "KiB";
  if (suffix == "m" || suffix == "M") return n + "MiB";
  if (suffix == "g" || suffix == "G") return n + "GiB";
  if (suffix.empty()) return n + (bare_mib ? "MiB" : "B");
  return "";
}

record::Procedure bonnie_procedure(const model::Result& log, std::string_view text, const std::string& name,
                                   std::uint64_t ram_bytes, bool original, bool root) {
  record::RecipeWriter w(text);
  const auto record = read_bonnie_log(log);
  const BonnieLogRun run = record && !record->runs.empty() ? record->runs.front() : BonnieLogRun{};
  w.header(fmt::format("bonnie++ {}, the tests it shows with its sizes", run.bonnie_version), name,
           log.machine.empty() ? run.name : log.machine);
  w.statement(fmt::format(
      "title {}", record::RecipeWriter::quote("bonnie++ " + run.bonnie_version + ": the log's tests and sizes")));
  w.statement(fmt::format("source {}", record::RecipeWriter::quote("reproduced from " + name)));
  w.blank();
  if (record && record->runs.size() > 1)
    w.assumed(
        fmt::format("the log holds {} runs; this recipe repeats the first one's parameters", record->runs.size()));
  const std::string size = recipe_size(run.file_size.substr(0, run.file_size.find(':')), true);
  const std::vector<std::string> tests = tests_shown(log, run);
  const Parameters params = write_parameters(w, run, size, tests);
  const std::uint64_t bytes = size_bytes(size);
  const bool cached = bytes > 0 && ram_bytes > 0 && bytes < 2 * ram_bytes;
  if (cached) {
    w.comment(
        fmt::format("{} is under twice this machine's RAM ({} MiB): the page cache would serve the reading "
                    "tests.",
                    size, ram_bytes >> 20));
    w.comment(
        "\"evict\" empties it before each (the disk's figures, as a twice-RAM file gives); --set cache=keep "
        "keeps it (the page cache's); --set size=0MiB takes bonnie++'s own rule (twice the RAM)");
    w.statement("let cache = \"evict\"");
  }
  w.blank();
  if (original) write_original(w, run, tests, root);
  for (const auto& test : tests) {
    std::string statement = fmt::format("bonnie {} disk:", test);
    if (uses_size(test)) statement += " size $size";
    statement += params.extra;
    if (file_test(test) && !run.num_files.empty()) statement += " files $files" + params.file_extra;
    if (test == "seeks") statement += params.seek_extra;
    const std::string series = fmt::format("series {} {}", record::RecipeWriter::quote(test), statement);
    if (cached && reads_file(test))
      w.statement(fmt::format("if $cache == \"evict\" {{ {} evict }} else {{ {} }}", series, series));
    else
      w.statement(series);
  }
  w.blank();
  w.statement(report_statement(run), "the layout the log printed");
  if (original) w.end_hwbench_section("bonnie++");
  return w.finish("bonnie", original);
}

}  // namespace hwbench::runtime::tools::bonnie
