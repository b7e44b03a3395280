#include "runtime/tools/bonnie/bonnie_report.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/printf.h>

#include "kernels/disk/bonnie.hpp"
#include "lang/common/lexical.hpp"
#include "runtime/tools/bonnie/bonnie_record.hpp"

namespace hwbench::runtime::tools::bonnie {

namespace {

using State = BonnieFigure::State;
using kernels::disk::bonnie_test_names;

constexpr std::uint64_t mib = std::uint64_t{1} << 20;

// The rate as the CSV line prints it.
std::string csv_rate(const BonnieFigure& f, std::size_t test, BonnieLayout layout) {
  switch (f.state) {
    case State::not_run:
      return "";
    case State::too_quick:
      return "+++++";
    case State::measured:
      break;
  }
  if (test == bonnie_seeks_test) {
    // 1.0x's CSV always kept a decimal; its table, like the later ones, drops it from 1000 on.
    if (layout == BonnieLayout::v1_03) return fmt::sprintf("%.1f", f.rate);
    return fmt::sprintf(f.rate >= 1000 ? "%.0f" : "%.1f", f.rate);
  }
  return fmt::sprintf("%lld", bonnie_whole(f.rate));
}

std::string cpu_text(const BonnieFigure& f) {
  switch (f.state) {
    case State::not_run:
      return "";
    case State::too_quick:
      return "+++";
    case State::measured:
      break;
  }
  return fmt::sprintf("%lld", bonnie_whole(f.cpu));
}

// 2.00's scaled rate of `kib` K/sec: ` %4dk`, ` %4.1fm`, ` %4dm` (rounded) or ` %4.1fg`, unpadded.
std::string scaled_rate(double kib) {
  if (kib < 10000) return fmt::sprintf("%dk", static_cast<int>(kib));
  const double m = kib / 1024;
  if (m < 1000) return m < 100 ? fmt::sprintf("%.1fm", m) : fmt::sprintf("%dm", static_cast<int>(m + 0.5));
  return fmt::sprintf("%.1fg", m / 1024);
}

// ` %5s %3s` of a test's rate and %CP: bonnie++'s ` %5d %3d` (or its placeholders), which
// widen for a figure wider than its column and so push the rest of the line to the right.
std::string table_cell(const BonnieRun& run, std::size_t test, BonnieLayout layout) {
  const BonnieFigure& f = run.tests[test];
  const auto printed = run.table_rates.find(std::string(bonnie_test_names[test]));
  const std::string rate =
      printed != run.table_rates.end() ? printed->second : bonnie_table_rate(f, test, layout, run.num_files);
  return fmt::sprintf(" %5s %3s", rate, cpu_text(f));
}

std::string latency_line(const BonnieRun& run, std::size_t first) {
  std::string line = "Latency          ";
  for (std::size_t t = first; t < first + 6; ++t)
    line += fmt::sprintf(" %9s", bonnie_latency_text(run.tests[t].latency_ns));
  return line + "\n";
}

// The 19 columns before the figures: the name on the left, truncated to leave at least one space
// before `right`, which ends at column 19. 2.00 prints a `right` too long for that alone.
std::string name_and(const std::string& name, const std::string& right) {
  if (right.size() > 18) return right;
  const std::string left = name.substr(0, 18 - right.size());
  const std::size_t pad = std::max<std::size_t>(1, 19 - std::min<std::size_t>(19, left.size() + right.size()));
  return left + std::string(pad, ' ') + right;
}

// 2.00's size descriptor: size:chunk:concurrency:seeks:seekprocs, defaults left empty, trailing
// colons dropped. bonnie++ steps back one character too far after a seek-process count, so a
// single-digit count is dropped with the colons before it.
std::string descriptor_2_00(const BonnieRun& run) {
  const auto unless = [](const std::string& value, const char* fallback) { return value == fallback ? "" : value; };
  std::string procs = unless(run.seek_proc_count, "5");
  if (procs.size() == 1) procs.clear();
  std::string d = fmt::format("{}:{}:{}:{}:{}", run.file_size, run.io_chunk_size, unless(run.concurrency, "1"),
                              unless(run.seeks, "8192"), procs);
  while (!d.empty() && d.back() == ':') d.pop_back();
  return d;
}

// The file tests' descriptor: files, `:max:min`, `:link` or `:symlink`, `/dirs`.
std::string files_descriptor(const BonnieRun& run) {
  std::string files = run.num_files;
  if (run.max_size == "link" || run.max_size == "symlink")
    files += ":" + run.max_size;
  else if (!run.max_size.empty())
    files += ":" + run.max_size + ":" + (run.min_size.empty() ? "0" : run.min_size);
  if (!run.num_dirs.empty()) files += "/" + run.num_dirs;
  return files;
}

bool any_ran(const BonnieRun& run, std::size_t first, std::size_t last) {
  for (std::size_t t = first; t < last; ++t)
    if (run.tests[t].state != State::not_run || run.tests[t].latency_ns != 0) return true;
  return false;
}

}  // namespace

BonnieLayout bonnie_layout(const BonnieRun& run) {
  if (run.format_version.empty()) return BonnieLayout::v1_03;
  if (run.format_version == "1.98") return BonnieLayout::v2_00;
  return BonnieLayout::v1_96;
}

std::string bonnie_table_rate(const BonnieFigure& f, std::size_t test, BonnieLayout layout,
                              const std::string& num_files) {
  if (f.state != State::measured || test == bonnie_seeks_test) return csv_rate(f, test, BonnieLayout::v1_96);
  if (layout == BonnieLayout::v2_00 && bonnie_sequential(test)) return scaled_rate(f.rate);
  if (layout == BonnieLayout::v2_00) {
    const auto files = lang::read_number(num_files);
    return fmt::format("{}", bonnie_whole(files.unknown_suffix.empty() ? files.quantity.value : 0) * 1024);
  }
  return fmt::sprintf("%lld", bonnie_whole(f.rate));
}

std::string bonnie_tables(const BonnieRun& run) {
  const BonnieLayout layout = bonnie_layout(run);
  std::string out;
  const std::string version = fmt::sprintf("Version %5s       ", run.version);
  const std::string blank(20, ' ');
  const bool io = !run.file_size.empty() || any_ran(run, 0, bonnie_first_file_test);
  if (io) {
    out += version + "------Sequential Output------ --Sequential Input- --Random-\n";
    out += layout == BonnieLayout::v1_96 ? fmt::format("Concurrency {:>3}     ", run.concurrency) : blank;
    out += "-Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n";
    std::string size = run.file_size + (run.io_chunk_size.empty() ? "" : ":" + run.io_chunk_size);
    if (layout == BonnieLayout::v2_00) {
      out += "Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n";
      size = descriptor_2_00(run);
    } else {
      out += run.io_chunk_size.empty() ? "Machine        Size" : "Machine   Size:chnk";
      out += " K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP\n";
    }
    out += name_and(run.name, size);
    for (std::size_t t = 0; t < bonnie_first_file_test; ++t) out += table_cell(run, t, layout);
    out += "\n";
    if (layout != BonnieLayout::v1_03) out += latency_line(run, 0);
  }
  if (!run.num_files.empty() || any_ran(run, bonnie_first_file_test, run.tests.size())) {
    // 1.0x prints the file table under the I/O table without its Version and name.
    const bool bare = layout == BonnieLayout::v1_03 && io;
    out += (bare ? blank : version) + "------Sequential Create------ --------Random Create--------\n";
    out += (bare ? blank : fmt::sprintf("%-19.19s ", run.name)) +
           "-Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n";
    const char* caption =
        run.min_size.empty() ? (run.max_size.empty() ? "              files" : "files:max") : "files:max:min";
    out += fmt::sprintf("%-19s", caption) + "  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n";
    out += fmt::sprintf("%19s", files_descriptor(run));
    for (std::size_t t = bonnie_first_file_test; t < run.tests.size(); ++t) out += table_cell(run, t, layout);
    out += "\n";
    if (layout != BonnieLayout::v1_03) out += latency_line(run, bonnie_first_file_test);
  }
  return out;
}

std::string bonnie_csv_line(const BonnieRun& run) {
  const BonnieLayout layout = bonnie_layout(run);
  std::vector<std::string> f;
  if (layout == BonnieLayout::v1_03) {
    f = {run.name, run.file_size + (run.io_chunk_size.empty() ? "" : ":" + run.io_chunk_size)};
  } else {
    // 2.00 leaves the chunk out of its CSV line (the table's descriptor shows it).
    f = {run.format_version,
         run.version,
         run.name,
         run.concurrency,
         run.seed,
         run.file_size,
         layout == BonnieLayout::v2_00 ? "" : run.io_chunk_size};
  }
  if (layout == BonnieLayout::v2_00) {
    f.push_back(run.seeks);
    f.push_back(run.seek_proc_count);
  }
  for (std::size_t t = 0; t < bonnie_first_file_test; ++t) {
    f.push_back(csv_rate(run.tests[t], t, layout));
    f.push_back(cpu_text(run.tests[t]));
  }
  if (layout == BonnieLayout::v1_03) {
    f.push_back(files_descriptor(run));
  } else {
    // As bonnie++ prints them: its file chunk size is never printed (the field the header calls
    // num_dirs stays empty) and the number of directories comes one field later.
    for (const auto* field : {&run.num_files, &run.max_size, &run.min_size, &run.file_chunk_size, &run.num_dirs})
      f.push_back(*field);
  }
  for (std::size_t t = bonnie_first_file_test; t < run.tests.size(); ++t) {
    f.push_back(csv_rate(run.tests[t], t, layout));
    f.push_back(cpu_text(run.tests[t]));
  }
  if (layout != BonnieLayout::v1_03)
    for (const auto& t : run.tests) f.push_back(bonnie_latency_text(t.latency_ns));
  return fmt::format("{}\n", fmt::join(f, ","));
}

std::string bonnie_csv_header(BonnieLayout layout) {
  std::vector<std::string> f = {"format_version", "bonnie_version", "name",         "concurrency",
                                "seed",           "file_size",      "io_chunk_size"};
  if (layout == BonnieLayout::v1_03) f = {"name", "file_size"};
  for (std::size_t t = 0; t < bonnie_first_file_test; ++t) {
    f.emplace_back(bonnie_test_names[t]);
    f.push_back(std::string(bonnie_test_names[t]) + "_cpu");
  }
  if (layout == BonnieLayout::v1_03)
    f.emplace_back("num_files");
  else
    for (const char* name : {"num_files", "max_size", "min_size", "num_dirs", "file_chunk_size"}) f.emplace_back(name);
  for (std::size_t t = bonnie_first_file_test; t < bonnie_test_names.size(); ++t) {
    f.emplace_back(bonnie_test_names[t]);
    f.push_back(std::string(bonnie_test_names[t]) + "_cpu");
  }
  if (layout != BonnieLayout::v1_03)
    for (auto name : bonnie_test_names) f.push_back(std::string(name) + "_latency");
  return fmt::format("{}\n", fmt::join(f, ","));
}

std::string bonnie_latency_text(std::int64_t ns) {
  if (ns <= 0) return "";
  // bonnie++ compares seconds with 99.999999 and 0.099999; in whole ns those are exact.
  if (ns > 99'999'999'000) return fmt::format("{}s", ns / 1'000'000'000);
  if (ns > 99'999'000) return fmt::format("{}ms", ns / 1'000'000);
  return fmt::format("{}us", ns / 1000);
}

std::string bonnie_size_text(std::uint64_t size_mib) {
  if (size_mib > 0 && size_mib % 1024 == 0) return fmt::format("{}G", size_mib / 1024);
  return fmt::format("{}M", size_mib);
}

std::string bonnie_chunk_text(std::uint64_t bytes) {
  if (bytes >= mib && bytes % mib == 0) return fmt::format("{}m", bytes / mib);
  if (bytes >= 1024 && bytes % 1024 == 0) return fmt::format("{}k", bytes / 1024);
  return fmt::format("{}", bytes);
}

model::RenderedReport render_bonnie(const model::Result& result, const model::ReportSpec& spec) {
  model::RenderedReport out;
  out.spec = spec;
  const auto runs = bonnie_runs(result, spec);
  if (read_bonnie_log(result)) {
    // A log's runs, each as the log showed it.
    for (const auto& run : runs) {
      if (run.csv_header) out.text += bonnie_csv_header(bonnie_layout(run));
      if (run.shows_tables) out.text += bonnie_tables(run);
      if (run.shows_csv) out.text += bonnie_csv_line(run);
    }
  } else if (runs.size() == 1) {
    out.text = bonnie_tables(runs.front()) + bonnie_csv_line(runs.front());
  } else if (runs.size() > 1) {
    out.text = bonnie_csv_header();
    for (const auto& run : runs) out.text += bonnie_csv_line(run);
  }
  if (out.text.empty()) out.text = "(no bonnie results)\n";
  for (std::size_t t = 0; t < bonnie_test_names.size(); ++t) {
    model::ReportFigures figures;
    figures.label = std::string(bonnie_test_names[t]);
    figures.unit = bonnie_sequential(t) ? "KiB/s" : "ops/s";  // bonnie++'s K/sec and /sec
    for (const auto& run : runs)
      if (run.tests[t].state == State::measured && run.tests[t].rate_known) figures.values.push_back(run.tests[t].rate);
    if (!figures.values.empty()) out.figures.push_back(std::move(figures));
  }
  return out;
}

}  // namespace hwbench::runtime::tools::bonnie
