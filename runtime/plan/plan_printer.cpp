#include "runtime/plan/plan_printer.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "base/support/human_units.hpp"

namespace hwbench::runtime::plan {

namespace {

/// "1 statement", "3 statements".
std::string counted(std::size_t n, std::string_view word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

constexpr std::size_t kShown = 40;

/// a × b, or the largest count when that does not fit: a loop's passes multiply quickly.
std::uint64_t saturated_product(std::uint64_t a, std::uint64_t b) {
  return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

std::uint64_t saturated_sum(std::uint64_t a, std::uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

/// Adds the files `steps` create, and the bytes written into them, when the list runs `passes`
/// times: a kept loop runs its body `count` times, and each parallel worker runs its own list.
void add_writes(const std::vector<Step>& steps, std::uint64_t passes, PlannedWrites& total) {
  for (const auto& s : steps) {
    switch (s.kind) {
      case Step::Kind::kernel:
        for (const auto& c : s.kernel.effects.creates) {
          total.files = saturated_sum(total.files, passes);
          total.bytes = saturated_sum(total.bytes, saturated_product(c.size, passes));
        }
        break;
      case Step::Kind::time:
      case Step::Kind::interleave:
        add_writes(s.children, passes, total);
        break;
      case Step::Kind::repeat:
        add_writes(s.children, saturated_product(passes, s.count), total);
        break;
      case Step::Kind::parallel:
        for (const auto& worker : s.workers) add_writes(worker, passes, total);
        break;
    }
  }
}

std::string policy_text(const Policy& p) {
  std::string out;
  if (p.until_ci_pct > 0)
    out = fmt::format("{}..{} samples until ±{}%", p.runs_min, p.runs_max, p.until_ci_pct);
  else
    out = fmt::format("{} sample{}", p.runs_max, p.runs_max == 1 ? "" : "s");
  if (p.for_seconds > 0) out += fmt::format(" of {}", support::human_seconds(p.for_seconds));
  if (p.warmup) out += fmt::format(", {} warm-up", p.warmup);
  return out;
}

void print_inner(const Step& s, const std::string& indent, std::ostream& out, const std::string& lead = "");

/// A parallel block's workers; past a handful, the rest are counted (they differ by $worker).
void print_workers(const Step& s, const std::string& indent, std::ostream& out) {
  constexpr std::size_t kWorkersShown = 4;
  for (std::size_t w = 0; w < s.workers.size(); ++w) {
    if (w == kWorkersShown && s.workers.size() > kWorkersShown + 1) {
      out << fmt::format("{}… and {} more workers\n", indent, s.workers.size() - kWorkersShown);
      break;
    }
    for (const auto& c : s.workers[w]) print_inner(c, indent, out, fmt::format("worker {}: ", w + 1));
  }
}

/// A statement inside a group: a kernel line, a loop with its body, or a parallel block.
void print_inner(const Step& s, const std::string& indent, std::ostream& out, const std::string& lead) {
  switch (s.kind) {
    case Step::Kind::kernel:
      // How long it runs, its built-in `for` included (`time { syscall }` runs syscall's 10 s).
      if (s.kernel.policy.for_seconds > 0)
        out << fmt::format("{}{}{}    [{}]\n", indent, lead, s.kernel.text, policy_text(s.kernel.policy));
      else
        out << fmt::format("{}{}{}\n", indent, lead, s.kernel.text);
      break;
    case Step::Kind::repeat:
      out << fmt::format("{}{}repeat {} (a loop):\n", indent, lead, s.count);
      for (const auto& c : s.children) print_inner(c, indent + "  ", out);
      break;
    case Step::Kind::parallel:
      out << fmt::format("{}{}parallel {}\n", indent, lead, counted(s.workers.size(), "worker"));
      print_workers(s, indent + "  ", out);
      break;
    case Step::Kind::time:
    case Step::Kind::interleave:
      break;  // the checker never nests time or interleave
  }
}

/// An interleave block's rounds and slices.
std::string interleave_text(const Interleave& in) {
  const std::string slice = in.slice_seconds > 0
                                ? support::human_seconds(in.slice_seconds)
                                : fmt::format("{} sample{}", in.slice_runs, in.slice_runs == 1 ? "" : "s");
  return fmt::format("{} rounds, slices of {}, in turn (A B, B A, …)", in.rounds, slice);
}

/// A timed kernel statement's line: its text, its series and how it takes its samples.
void print_timed(const Step& s, std::ostream& out, const Interleave* in = nullptr) {
  const Policy& p = s.kernel.policy;
  std::string how = in == nullptr ? policy_text(p) : fmt::format("{} slice{}", in->rounds, in->rounds == 1 ? "" : "s");
  if (in != nullptr && p.for_seconds > 0) how += fmt::format(", samples of {}", support::human_seconds(p.for_seconds));
  if (in != nullptr && p.warmup) how += fmt::format(", {} warm-up", p.warmup);
  out << fmt::format("    {}{}    [{}: {}]\n", in == nullptr ? "" : "  ", s.kernel.text, s.series, how);
}

void print_steps(const std::vector<Step>& steps, std::ostream& out, bool timed) {
  std::size_t shown = 0;
  for (const auto& s : steps) {
    if (shown++ == kShown) {
      out << fmt::format("    … and {} more\n", steps.size() - kShown);
      break;
    }
    switch (s.kind) {
      case Step::Kind::kernel:
        if (timed)
          print_timed(s, out);
        else
          out << fmt::format("    {}\n", s.kernel.text);
        break;
      case Step::Kind::interleave:
        out << fmt::format("    interleave: {}\n", interleave_text(s.interleave));
        for (const auto& c : s.children) print_timed(c, out, &s.interleave);
        break;
      case Step::Kind::time:
        out << fmt::format("    time \"{}\": 1 sample of {}\n", s.series, counted(s.children.size(), "statement"));
        for (const auto& c : s.children) print_inner(c, "      ", out);
        break;
      case Step::Kind::parallel:
        out << fmt::format("    parallel {} [{}: 1 sample]\n", counted(s.workers.size(), "worker"), s.series);
        print_workers(s, "      ", out);
        break;
      case Step::Kind::repeat:  // only inside groups
        print_inner(s, "    ", out);
        break;
    }
  }
}

}  // namespace

PlannedWrites planned_writes(const Plan& plan) {
  PlannedWrites total;
  for (const auto* phase : {&plan.setup, &plan.main, &plan.teardown}) add_writes(*phase, 1, total);
  return total;
}

std::string parameters_line(const std::map<std::string, std::string>& parameters) {
  std::string line = "parameters:";
  for (const auto& [name, value] : parameters) line += fmt::format(" --set {}={}", name, value);
  return line;
}

namespace {

/// Each location with its path, file-system type and free space.
void print_locations(const Plan& plan, std::ostream& out) {
  out << "\nlocations:\n";
  for (const auto& l : plan.locations) {
    bool planned = false;
    for (const auto& d : plan.directories_to_create) planned |= d == l.path;
    out << fmt::format("  {:<10} {}{}  ({}, {} free)\n", l.name, l.path, planned ? " (created when missing)" : "",
                       l.fstype.empty() ? "?" : l.fstype, support::human_bytes(l.free_bytes));
  }
}

/// The settle between setup and the timed statements: a fixed wait, or reads until stable.
void print_settle(const Settle& st, std::ostream& out) {
  out << "\nsettle (after setup, untimed):\n";
  if (st.mode == model::SettleMode::wait)
    out << fmt::format("    {}: waits {}\n", st.text, support::human_seconds(st.seconds));
  else
    out << fmt::format("    {}: reads {} of {} cold, once a second, until the rate is stable; at most {}\n", st.text,
                       support::human_bytes(std::min(st.file_bytes, model::kSettleSliceBytes)), st.file_display,
                       support::human_seconds(st.seconds));
}

/// Each series' samples, the files written, the time the run takes and whether it runs programs.
void print_totals(const Plan& plan, std::ostream& out) {
  out << "\nseries:\n";
  for (const auto& label : plan.series_order) {
    auto lo = plan.samples_min.at(label), hi = plan.samples_max.at(label);
    // hi 0: slices of a duration, whose samples the machine's speed decides.
    out << fmt::format("  {}: {} sample{}\n", label,
                       hi == 0    ? fmt::format("{} or more", lo)
                       : lo == hi ? fmt::format("{}", lo)
                                  : fmt::format("{}..{}", lo, hi),
                       hi == 1 ? "" : "s");
  }
  const PlannedWrites writes = planned_writes(plan);
  out << fmt::format("\nfiles created: {} ({} written in all, {} at the peak)\n", writes.files,
                     support::human_bytes(writes.bytes), support::human_bytes(plan.peak_bytes));
  if (plan.estimated_seconds)
    out << fmt::format("estimated time: {}\n", support::human_seconds(*plan.estimated_seconds));
  else if (plan.timed_seconds_known > 0)
    out << fmt::format("estimated time: more than {} (file operations take as long as the storage needs)\n",
                       support::human_seconds(plan.timed_seconds_known));
  else
    out << "estimated time: not knowable in advance (the statements run until their work is done)\n";
  if (plan.runs_programs) out << "runs external programs: yes (needs --allow-exec)\n";
}

/// The baselines and the indices computed against them.
void print_indices(const Plan& plan, std::ostream& out) {
  if (!plan.baselines.empty()) {
    out << "baselines:\n";
    for (const auto& b : plan.baselines)
      out << fmt::format("  {:<10} {} ({} figures, {})\n", b.name, b.machine, b.figures.size(), b.file);
  }
  if (!plan.indices.empty()) {
    out << "indices:\n";
    for (const auto& i : plan.indices)
      out << fmt::format("  {} = geomean of {} series vs {}{}{}\n", i.label, i.series.size(), i.baseline,
                         i.scale != 1 ? fmt::format(" x {}", i.scale) : "",
                         i.aggregate != "mean" ? fmt::format(", each by {}", i.aggregate) : "");
  }
}

/// A section's heading above its reports, with how many series they cover.
void print_section_heading(const Plan& plan, const model::ReportSpec& r, std::ostream& out) {
  // A command's importer adds series that only its program's output will name.
  bool imports = false;
  for (const auto& step : plan.main)
    for (const auto& rule : step.kernel.figures)
      imports = imports || (rule.kind == FigureRule::Kind::importer && rule.section == r.section);
  out << fmt::format("  section \"{}\" ({} series{})\n", r.section, r.series.size(),
                     imports ? ", and those its importer reads" : "");
}

/// One report: a named style with its options, or a table or lines of a unit with its aggregates.
void print_report(const model::ReportSpec& r, std::ostream& out) {
  const std::string_view indent = r.section.empty() ? "  " : "    ";
  const bool table = r.style.layout == model::ReportLayout::table;
  if (!table && r.style.layout != model::ReportLayout::lines) {
    std::string options;
    const bool with_section = r.options.count("section") != 0;
    for (const auto& [k, v] : r.options) {
      if (with_section && k == "with") continue;
      options += v.empty()        ? " " + k
                 : k == "section" ? fmt::format(" with section \"{}\"", v)
                                  : fmt::format(" {} {}", k, v);
    }
    out << fmt::format("{}{}{}\n", indent, model::to_text(r.style), options);
    return;
  }
  out << fmt::format("{}{}{} {}{}\n", indent, table ? "table " : "", r.unit, table ? "with " : "",
                     fmt::join(r.aggregates, ", "));
}

/// The reports, a section's under its title.
void print_reports(const Plan& plan, std::ostream& out) {
  if (plan.reports.empty()) return;
  out << "reports:\n";
  const std::string* section = nullptr;  // the section of the report listed last
  for (const auto& r : plan.reports) {
    if (!r.section.empty() && (section == nullptr || *section != r.section)) print_section_heading(plan, r, out);
    section = &r.section;
    print_report(r, out);
  }
}

}  // namespace

void print_plan(const Plan& plan, std::ostream& out) {
  out << fmt::format("plan for {}", plan.recipe_file);
  if (auto it = plan.meta.find("title"); it != plan.meta.end()) out << fmt::format(": {}", it->second);
  out << "\n";
  if (!plan.parameters.empty()) out << "\n" << parameters_line(plan.parameters) << "\n";
  print_locations(plan, out);
  if (!plan.setup.empty()) {
    out << fmt::format("\nsetup ({}, untimed):\n", counted(plan.setup.size(), "statement"));
    print_steps(plan.setup, out, false);
  }
  if (plan.settle) print_settle(*plan.settle, out);
  out << fmt::format("\ntimed ({}):\n", counted(plan.main.size(), "statement"));
  print_steps(plan.main, out, true);
  if (!plan.teardown.empty()) {
    out << fmt::format("\nteardown ({}, always runs):\n", counted(plan.teardown.size(), "statement"));
    print_steps(plan.teardown, out, false);
  }
  print_totals(plan, out);
  print_indices(plan, out);
  print_reports(plan, out);
}

}  // namespace hwbench::runtime::plan
