#pragma once
// The launcher for the nodes of a Slurm allocation (docs/remote.md, runtime/remote/slurm_job.hpp):
// one allocation (`salloc --no-shell`), then one step that runs the recipe on every node at
// once, or one step per node with `serial`; the static binary of this machine's architecture is
// broadcast to each node by srun, the bundle goes on the step's stdin, each node's answer comes
// back labelled on srun's stdout and its result file is written here as
// results/<recipe>-<node>-<UTC time>.json. Ctrl-C or SIGTERM signals the steps (their teardowns
// run on the nodes); the allocation is always given back with scancel.
#include <memory>

#include "runtime/pipeline/launcher.hpp"
#include "runtime/remote/slurm_job.hpp"

namespace hwbench::runtime::pipeline {

/// A launcher that runs recipes on the nodes Slurm allocates as `options` asks.
std::unique_ptr<Launcher> slurm_launcher(remote::SlurmOptions options);

}  // namespace hwbench::runtime::pipeline
