#pragma once
// Reruns joined into one side of a comparison (`hwbench compare a1.json+a2.json+a3.json …`,
// docs/language.md, "Reruns as one side"): a run's own blocks see a drift of the machine over
// its seconds, not the one between a run and the next; the means of several runs of one recipe
// do. The joined result keeps every sample, each in the block of its run, so that the verdicts
// (compare_samples) and the run's drift (run_drift) work on the runs' means.
#include <optional>
#include <string>
#include <vector>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::analysis {

/// Joins `runs`, the results of one recipe run once each and read from `paths` (one per run, for
/// the messages), into one result: every series (matched by section and label) takes every
/// run's samples in run order, each sample's block set to its run's number (1-based) and its
/// iteration renumbered; the rest (recipe, environment, locations, baselines, indices, reports)
/// is the first run's, without its conditions or settle record, and `reruns` is the count; the
/// files their `rm` left that appeared during a run (`unclaimed`) are every run's, each once.
/// std::nullopt with `error` set when a run is a published result (it has no samples), did not
/// complete, or ran another recipe than the first (their recipes' SHA-256 differ).
std::optional<model::Result> join_reruns(std::vector<model::Result> runs, const std::vector<std::string>& paths,
                                         std::string& error);

}  // namespace hwbench::runtime::analysis
