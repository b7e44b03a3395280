// `stream copy|scale|add|triad|memcpy`: John McCalpin's STREAM 5.10 as one kernel per function.
// Arrays of doubles at least four times the last-level caches unless sized, one pass of the
// function per unit of work, 16/16/24/24 bytes counted per element, and the results validated when
// the statement ends. With no timing option a statement takes 10 samples, STREAM's NTIMES, and
// `report stream` skips the first and prints the best. `memcpy` is measured beside them: the
// C library's memcpy of a into c, counted like copy, so the two compare directly.
#include <cmath>
#include <memory>

#include <fmt/format.h>

#include "base/platform/machine.hpp"
#include "kernels/memory/memory.hpp"
#include "kernels/memory/stream_arrays.hpp"

namespace hwbench::kernels::memory {

namespace {

std::string function_names() {
  std::string out;
  for (const auto& f : stream_functions()) out += (out.empty() ? "" : ", ") + std::string(f.name);
  return out;
}

/// The array length a call asks for: `size` in bytes when given, else `elements`.
std::uint64_t elements_of(const Call& call) {
  const auto size = call.params.find("size");
  if (size != call.params.end() && size->second.number >= 1)
    return static_cast<std::uint64_t>(std::llround(size->second.number)) / sizeof(double);
  return count_value(call, "elements", default_stream_elements());
}

class StreamKernel : public Kernel {
 public:
  StreamKernel(const Call& call, const Context& context)
      : function_(find_stream_function(call.args.at(0).text)->function),
        elements_(elements_of(call)),
        threads_(static_cast<unsigned>(count_value(call, "threads", platform::allowed_cpus().size()))),
        pin_(pinned(call)),
        context_(context) {}

  void prepare() override {
    team_ = std::make_unique<ThreadTeam>(threads_, pin_);
    arrays_ = std::make_unique<StreamArrays>(static_cast<std::size_t>(elements_), *team_);
  }

  Work run(std::uint64_t n) override {
    if (!arrays_) prepare();
    Work work;
    for (std::uint64_t unit = 0; unit < n; ++unit) {
      arrays_->pass(function_);
      work.bytes += arrays_->bytes_per_pass(function_);
      work.ops += 1;
      if (interrupted(context_)) break;
    }
    return work;
  }

  void finish() override {
    // STREAM checks its results once, after the timed loop.
    if (arrays_) arrays_->validate();
    arrays_.reset();
    team_.reset();
  }

 private:
  StreamFunction function_;
  std::uint64_t elements_;
  unsigned threads_;
  bool pin_;
  Context context_;
  std::unique_ptr<ThreadTeam> team_;
  std::unique_ptr<StreamArrays> arrays_;
};

}  // namespace

KernelSpec stream_spec() {
  KernelSpec spec;
  spec.name = kernel_name::stream;
  spec.holds_memory = true;
  spec.family = "memory";
  spec.help =
      "STREAM: one pass of copy (c=a), scale (b=3c), add (c=a+b) or triad (a=b+3c) over arrays of doubles, "
      "or the C library's memcpy of a into c (to read copy against); bytes counted 16/16/24/24/16 per element, "
      "MB = 10^6; results validated at the end; 10 samples unless told (report stream skips the first)";
  spec.lineage = "STREAM 5.10 (John D. McCalpin), stream.c";
  spec.synopsis = "stream copy|scale|add|triad|memcpy [elements N | size S] [threads N] [pinned|floating]";
  spec.args = {{"FUNCTION", ArgKind::word, "", "the kernel: " + function_names()}};

  const ParamSpec elements =
      count_param("elements", "doubles", std::to_string(default_stream_elements()), 1, kNoMax,
                  "doubles per array; the default is four times this machine's last-level caches, at least 10M");
  ParamSpec size;
  size.name = "size";
  size.type = ParamType::size;
  size.unit = "bytes";
  size.default_text = "auto";
  size.min = sizeof(double);
  size.help = "bytes per array, instead of elements (rounded down to whole doubles)";
  spec.params = {elements, size,
                 threads_param(static_cast<unsigned>(platform::allowed_cpus().size()),
                               "threads sharing each pass, in contiguous shares; the default is one per CPU"),
                 affinity_param("pinned")};
  spec.unit = WorkUnit::bytes;
  spec.measure.runs_min = spec.measure.runs_max = 10;
  spec.effects = [](const Call& call, const platform::FileView&) {
    FileEffects fx;
    const std::string& name = call.args.at(0).text;
    if (find_stream_function(name) == nullptr) {
      fx.problems.push_back({fmt::format("no function '{}'", name), "use one of " + function_names()});
      return fx;
    }
    const auto elements = call.params.find("elements");
    const auto size = call.params.find("size");
    if (elements != call.params.end() && elements->second.given && size != call.params.end() && size->second.given) {
      fx.problems.push_back({"give elements or size, not both", "drop one of them"});
      return fx;
    }
    fx.memory = 3 * elements_of(call) * sizeof(double);
    fx.memory_holder = "the three arrays";
    fx.memory_hint = "give a smaller elements or size";
    return fx;
  };
  spec.make = [](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    if (find_stream_function(call.args.at(0).text) == nullptr)
      throw KernelError(fmt::format("stream has no function '{}'", call.args.at(0).text));
    return std::make_unique<StreamKernel>(call, context);
  };
  return spec;
}

}  // namespace hwbench::kernels::memory
