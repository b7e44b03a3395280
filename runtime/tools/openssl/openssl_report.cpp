#include "runtime/tools/openssl/openssl_report.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "base/support/system_text.hpp"
#include "kernels/crypto/algorithms.hpp"
#include "kernels/crypto/crypto.hpp"
#include "kernels/crypto/pkey.hpp"
#include "lang/common/lexical.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/analysis/units.hpp"

namespace hwbench::runtime::tools::openssl {

using analysis::find_unit;

namespace {

namespace crypto = kernels::crypto;

std::string joined(const std::vector<std::string>& words) { return support::join(words, " "); }

bool all_digits(const std::string& word) {
  return !word.empty() &&
         std::all_of(word.begin(), word.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

std::string openssl_param(const model::ParamSet& set, const std::string& name) {
  const auto it = set.params.find(name);
  return it == set.params.end() ? "" : it->second;
}

std::optional<OpensslCell> cell_from_params(const model::ParamSet& set) {
  if (set.kernel == kernels::crypto::kernel_name::pkey) {
    const auto* algorithm = crypto::find_key_algorithm(openssl_param(set, "ALG"));
    const std::string bits = openssl_param(set, "bits");
    if (algorithm == nullptr || !all_digits(bits)) return std::nullopt;
    const unsigned effective = crypto::effective_bits(*algorithm, static_cast<unsigned>(std::stoul(bits)));
    return OpensslCell{crypto::key_row(*algorithm, effective), 0, openssl_param(set, "op")};
  }
  const auto row = crypto::row_name(set.kernel, openssl_param(set, "ALG"), openssl_param(set, "decrypt") == "true");
  if (!row) return std::nullopt;
  // The block as the recipe wrote it ("16", "8KiB"), read the way the checker read it.
  const double block = lang::read_number(openssl_param(set, "block")).quantity.value;
  if (block < 1) return std::nullopt;
  return OpensslCell{*row, static_cast<std::uint64_t>(std::llround(block)), ""};
}

/// How one key table looks: its heading and the decimals of its seconds.
struct KeyStyle {
  std::string family;
  std::string heading;
  int decimals = 4;
};

const std::string sign_heading = "sign    verify    sign/s verify/s";

KeyStyle key_style(const std::string& row, bool single) {
  static const std::vector<KeyStyle> styles = {
      {"rsa", std::string(18, ' ') + sign_heading, 6},   {"dsa", std::string(18, ' ') + sign_heading, 6},
      {"ecdsa", std::string(30, ' ') + sign_heading, 4}, {"EdDSA", std::string(30, ' ') + sign_heading, 4},
      {"SM2", std::string(30, ' ') + sign_heading, 4},   {"ecdh", std::string(30, ' ') + "op      op/s", 4},
      {"ffdh", std::string(23, ' ') + "op     op/s", 4},
  };
  const auto words = support::split_words(row);
  for (const auto& style : styles) {
    // rsa and dsa rows start with their name; the others name it after the size.
    const bool leading = style.family == "rsa" || style.family == "dsa";
    if (leading ? !words.empty() && words.front() == style.family
                : std::find(words.begin(), words.end(), style.family) != words.end())
      return style;
  }
  return {"", std::string(30, ' ') + (single ? "op      op/s" : sign_heading), 4};
}

// openssl prints the key size as %4u: "rsa  512 bits", " 256 bits ecdsa (nistp256)".
std::string padded_key_row(const std::string& row) {
  auto words = support::split_words(row);
  for (auto& word : words) {
    if (!all_digits(word)) continue;
    word = fmt::format("{:>4}", word);
    break;
  }
  return joined(words);
}

std::string symmetric_figure(const OpensslFigure& figure) {
  if (!figure.available) return fmt::format(" {:11.2f} ", 0.0);
  // openssl switches to kilobytes above 10000 bytes/s; a published figure keeps the form it had.
  if (figure.printed_k.value_or(figure.value > 10.0)) return fmt::format(" {:11.2f}k", figure.value);
  return fmt::format(" {:11.2f} ", figure.value * 1e3);
}

double seconds_of(const OpensslFigure& figure) {
  if (figure.seconds) return *figure.seconds;
  return figure.available && figure.value > 0 ? 1 / figure.value : 0;
}

double rate_of(const OpensslFigure& figure) {
  if (figure.available) return figure.value;
  return figure.seconds && *figure.seconds > 0 ? 1 / *figure.seconds : 0;
}

void openssl_header(const std::optional<OpensslBuild>& build, std::string& out) {
  if (!build) return;
  if (build->version_only) {
    out += build->version.value_or("") + "\n";
    return;
  }
  const auto text = [](const std::optional<std::string>& field) -> std::optional<std::string> {
    if (!field || field->empty()) return std::nullopt;
    return field;
  };
  // "OpenSSL 3.0.22 25 Aug 2026": 3.x prints `version: 3.0.22`, earlier versions the line itself.
  const auto version = text(build->version);
  const auto words = support::split_words(version.value_or(""));
  const bool modern =
      words.size() < 2 || !std::isdigit(static_cast<unsigned char>(words[1][0])) || std::stoi(words[1]) >= 3;
  if (modern && words.size() >= 2) out += fmt::format("version: {}\n", words[1]);
  if (!modern) out += *version + "\n";
  if (const auto built = text(build->built_on)) out += fmt::format("built on: {}\n", *built);
  if (const auto options = text(build->options)) {
    if (modern) {
      out += fmt::format("options: {}\n", *options);
    } else {
      // 0.9.8 prints each option followed by a space, right after the colon.
      out += "options:";
      for (const auto& word : support::split_words(*options)) out += word + " ";
      out += "\n";
    }
  }
  if (const auto compiler = text(build->compiler)) out += fmt::format("compiler: {}\n", *compiler);
  if (modern) {
    if (const auto cpu = text(build->cpuinfo)) out += fmt::format("CPUINFO: {}\n", *cpu);
  } else {
    if (const auto timing = text(build->timing_options)) out += fmt::format("available timing options: {}\n", *timing);
    if (const auto timing = text(build->timing_function)) out += fmt::format("timing function used: {}\n", *timing);
  }
}

/// The mean figure of `series` in `unit_name` and its per-sample values.
OpensslFigure openssl_figure_of(const model::Series& series, const std::string& unit_name,
                                std::vector<double>& values) {
  OpensslFigure figure;
  const analysis::Unit& unit = *find_unit(unit_name);
  std::vector<std::string> printed_units;
  for (const auto& sample : series.samples) {
    if (auto v = analysis::sample_value(sample, unit)) values.push_back(*v);
    printed_units.push_back(sample.figure ? sample.figure->unit : "");
  }
  figure.available = series.unavailable.empty() && !values.empty();
  if (figure.available) figure.value = analysis::mean(values);
  if (!printed_units.empty() && std::all_of(printed_units.begin(), printed_units.end(),
                                            [&](const std::string& u) { return u == printed_units.front(); })) {
    if (printed_units.front() == "k") figure.printed_k = true;
    if (printed_units.front() == "B/s") figure.printed_k = false;
  }
  if (const auto it = series.printed.find("mean"); it != series.printed.end()) {
    const analysis::Unit* from = find_unit(it->second.unit);
    if (from != nullptr && from->measure == analysis::Measure::time) figure.seconds = it->second.value * from->factor;
  }
  return figure;
}

}  // namespace

std::optional<OpensslCell> openssl_cell(const model::Series& series) {
  for (const auto& set : series.param_sets) {
    if (auto cell = cell_from_params(set)) return cell;
  }
  return openssl_label_cell(series.label);
}

std::optional<OpensslCell> openssl_label_cell(const std::string& label) {
  const auto words = support::split_words(label);
  if (words.size() >= 3 && words.back() == "bytes" && all_digits(words[words.size() - 2])) {
    // Any label may come here (a comparison's rows): a count past 64 bits names no cell.
    const std::string& count = words[words.size() - 2];
    std::uint64_t block = 0;
    if (std::from_chars(count.data(), count.data() + count.size(), block).ec != std::errc()) return std::nullopt;
    std::vector<std::string> row(words.begin(), words.end() - 2);
    return OpensslCell{joined(row), block, ""};
  }
  const bool op = !words.empty() && (words.back() == "sign" || words.back() == "verify" || words.back() == "op");
  const bool sized = std::find(words.begin(), words.end(), "bits") != words.end() ||
                     std::find(words.begin(), words.end(), "bit") != words.end();
  if (words.size() >= 3 && op && sized) {
    std::vector<std::string> row(words.begin(), words.end() - 1);
    return OpensslCell{joined(row), 0, words.back()};
  }
  return std::nullopt;
}

std::string openssl_label(const OpensslCell& cell) {
  if (cell.op.empty()) return fmt::format("{} {} bytes", cell.row, cell.block);
  return fmt::format("{} {}", cell.row, cell.op);
}

OpensslTables openssl_tables(const model::Result& result) {
  OpensslTables tables;
  tables.build = read_build(result);
  std::vector<std::string> row_order;
  std::map<std::string, std::map<std::uint64_t, OpensslFigure>> cells;
  std::vector<std::string> key_order;
  std::map<std::string, OpensslKeyRow> key_rows;
  for (const auto& series : result.series) {
    const auto cell = openssl_cell(series);
    if (!cell) continue;
    model::ReportFigures figures;
    figures.label = series.label;
    const bool symmetric = cell->op.empty();
    figures.unit = symmetric ? "k" : "ops/s";
    const OpensslFigure figure = openssl_figure_of(series, figures.unit, figures.values);
    figures.aggregates.emplace_back("mean", figure.available ? figure.value : std::nan(""));
    tables.figures.push_back(std::move(figures));
    if (symmetric) {
      if (!cells.count(cell->row)) row_order.push_back(cell->row);
      cells[cell->row].emplace(cell->block, figure);  // the first series for a cell wins
      if (std::find(tables.blocks.begin(), tables.blocks.end(), cell->block) == tables.blocks.end())
        tables.blocks.push_back(cell->block);
      continue;
    }
    auto [it, fresh] = key_rows.try_emplace(cell->row);
    if (fresh) {
      key_order.push_back(cell->row);
      it->second.name = printed_row(tables.build, cell->row);
    }
    if (cell->op == "verify") {
      it->second.verify = figure;
    } else {
      it->second.sign = figure;
      it->second.single = cell->op == "op";
    }
  }
  std::sort(tables.blocks.begin(), tables.blocks.end());
  for (const auto& name : row_order) {
    OpensslRow row{printed_row(tables.build, name), {}};
    for (const auto block : tables.blocks) {
      const auto it = cells[name].find(block);
      row.figures.push_back(it == cells[name].end() ? OpensslFigure{} : it->second);
    }
    tables.rows.push_back(std::move(row));
  }
  // One heading per table, as openssl prints them: rows of a family together, families in the
  // order they first appear.
  std::vector<std::string> families;
  for (const auto& name : key_order) {
    const std::string family = key_style(name, key_rows[name].single).family;
    if (std::find(families.begin(), families.end(), family) == families.end()) families.push_back(family);
  }
  for (const auto& family : families)
    for (const auto& name : key_order)
      if (key_style(name, key_rows[name].single).family == family) tables.key_rows.push_back(key_rows[name]);
  return tables;
}

std::string format_openssl(const OpensslTables& tables) {
  std::string out;
  openssl_header(tables.build, out);
  // -multi's summary (3.x) prints its rows without the two heading lines.
  const bool heading = !tables.build || tables.build->heading;
  if (!tables.rows.empty()) {
    if (heading) {
      out += "The 'numbers' are in 1000s of bytes per second processed.\n";
      out += "type        ";
      for (const auto block : tables.blocks) out += fmt::format("{:7} bytes", block);
      out += "\n";
    }
    for (const auto& row : tables.rows) {
      out += fmt::format("{:<13}", row.name);
      for (const auto& figure : row.figures) out += symmetric_figure(figure);
      out += "\n";
    }
  }
  std::optional<std::string> family;
  for (const auto& row : tables.key_rows) {
    const KeyStyle style = key_style(row.name, row.single);
    if (family != style.family) out += style.heading + "\n";
    family = style.family;
    const int d = style.decimals;
    if (row.single) {
      out +=
          fmt::format("{} {:8.{}f}s {:8.1f}\n", padded_key_row(row.name), seconds_of(row.sign), d, rate_of(row.sign));
      continue;
    }
    out += fmt::format("{} {:8.{}f}s {:8.{}f}s {:8.1f} {:8.1f}\n", padded_key_row(row.name), seconds_of(row.sign), d,
                       seconds_of(row.verify), d, rate_of(row.sign), rate_of(row.verify));
  }
  return out;
}

model::RenderedReport render_openssl_report(const model::Result& result, const model::ReportSpec& spec) {
  OpensslTables tables = openssl_tables(result);
  model::RenderedReport rendered;
  rendered.spec = spec;
  rendered.text = format_openssl(tables);
  rendered.figures = std::move(tables.figures);
  return rendered;
}

}  // namespace hwbench::runtime::tools::openssl
