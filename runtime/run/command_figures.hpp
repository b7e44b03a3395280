#pragma once
// What a command step's runs give besides their time: the figures its `figure` rules take from
// the output (a regular expression's capture, a JSON pointer's value) and the series an
// importer reads from the whole output (`import openssl`), each as published-style figures on
// the run's samples.
#include <string>
#include <vector>

#include "base/platform/child_process.hpp"
#include "runtime/model/result.hpp"
#include "runtime/plan/plan.hpp"

namespace hwbench::runtime::run {

/// One figure of one run, for the series `label` ("" for the statement's own).
struct FigureReading {
  std::string label;
  model::Figure figure;
};

/// What the rules of a step found in one run's output.
struct FigureReadings {
  std::vector<FigureReading> figures;
  /// The series an importer read, each with its samples as the importer made them, in order.
  std::vector<model::Series> imported;
  /// Facts an importer read about the machine or the tool (environment keys), kept when the
  /// run's environment lacks them.
  nlohmann::json environment = nlohmann::json::object();
  /// The baselines and indices an importer gives its tool's report (nbench's p90 and k6 tables,
  /// its five indices), the indices without the log's printed values.
  std::vector<model::Baseline> baselines;
  std::vector<model::IndexSpec> indices;
  /// Why a figure that is not optional is missing, with the output's last lines; "" when none is.
  std::string error;
  /// The labels of the optional figures the run did not print ("" for the statement's own).
  std::vector<std::string> missing;

  /// Whether the run gave the series `series` (a statement's own) no figure that it should have:
  /// its optional figure is missing, so the run makes no sample of it.
  bool lacks(const std::string& series) const {
    for (const auto& label : missing)
      if (label.empty() || label == series) return true;
    return false;
  }
};

/// Applies `rules` to `out` (and to the files rules read from).
FigureReadings read_figures(const std::vector<plan::FigureRule>& rules, const platform::ChildOutcome& out);

/// A number as printed, with an optional unit or k/M/G/T (Ki/Mi/Gi/Ti) prefix after it, in
/// `unit` (a units.hpp name): "1.5 GB/s" in MB/s is 1500, "12k" in ops/s is 12000; its
/// resolution the step of its last printed digit, scaled alike ("1.5 GB/s": 100 MB/s). Bits are
/// an eighth of a byte ("800 Mb/s" in MB/s is 100). A printed unit of another measure, an unknown
/// one, or one whose case leaves it unsaid ("mb/s") gives an error; `error` says which.
std::optional<model::Figure> scaled_value(const std::string& text, const std::string& unit, std::string& error);

}  // namespace hwbench::runtime::run
