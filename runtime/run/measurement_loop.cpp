#include "runtime/run/measurement_loop.hpp"

#include <algorithm>
#include <array>

namespace hwbench::runtime::run {

namespace {

Elapsed operator-(const Elapsed& a, const Elapsed& b) { return {a.wall_ns - b.wall_ns, a.cpu - b.cpu}; }

Tally tally_of(const kernels::Work& w, std::uint64_t units) { return {units, w.bytes, w.ops, w.max_latency_ns}; }

// A command step's programs: the shell start-up taken out of the sample, and the whole process
// tree's CPU time in place of the waited-for children's where a cgroup counted it.
void apply_programs(model::Sample& s, const kernels::ProgramUse& p) {
  s.wall_ns = std::max<std::int64_t>(0, s.wall_ns - p.overhead_ns);
  s.max_rss_kb = p.max_rss_kb;
  if (p.tree_usr_ns >= 0) {
    s.cpu.cusr_ns = p.tree_usr_ns;
    s.cpu.csys_ns = p.tree_sys_ns;
  }
  s.cpu.cusr_ns = std::max<std::int64_t>(0, s.cpu.cusr_ns - p.overhead_usr_ns);
  s.cpu.csys_ns = std::max<std::int64_t>(0, s.cpu.csys_ns - p.overhead_sys_ns);
}

}  // namespace

Tally& Tally::operator+=(const Tally& other) {
  units += other.units;
  bytes += other.bytes;
  ops += other.ops;
  max_latency_ns = std::max(max_latency_ns, other.max_latency_ns);
  return *this;
}

/// A timed stretch: while one is open, exclude() measures what it runs. Regions nest, and each
/// sees the untimed() time spent since it opened, its inner regions' included.
class MeasurementLoop::Region {
 public:
  explicit Region(MeasurementLoop& loop) : loop_(loop), start_(loop.excluded_) { ++loop_.open_regions_; }
  ~Region() { --loop_.open_regions_; }
  Region(const Region&) = delete;
  Region& operator=(const Region&) = delete;
  const Elapsed& start() const { return start_; }
  Elapsed excluded() const { return loop_.excluded_ - start_; }

 private:
  MeasurementLoop& loop_;
  Elapsed start_;
};

MeasurementLoop::MeasurementLoop(platform::Clock& clock, const std::atomic<bool>* interrupted)
    : clock_(clock), real_clock_(dynamic_cast<platform::RealClock*>(&clock)), interrupted_(interrupted) {}

std::function<void(const std::function<void()>&)> MeasurementLoop::exclude_hook() {
  return [this](const std::function<void()>& fn) { exclude(fn); };
}

void MeasurementLoop::exclude(const std::function<void()>& fn) {
  if (open_regions_ == 0) {
    fn();
    return;
  }
  const platform::CpuTimes c0 = clock_.cpu();
  const std::int64_t t0 = now();
  fn();
  const std::int64_t t1 = now();
  const platform::CpuTimes c1 = clock_.cpu();
  excluded_.wall_ns += t1 - t0;
  excluded_.cpu = excluded_.cpu + (c1 - c0);
}

bool MeasurementLoop::interrupted() const { return interrupted_ != nullptr && interrupted_->load(); }

Tally MeasurementLoop::run(kernels::Kernel& k, const plan::Policy& policy) {
  if (policy.for_seconds <= 0) return run_from(k, policy, 0, {}, excluded_);
  // The count needs its own start; the CPU clock is read only when it is the deadline's basis,
  // since a worker's statements may run here a hundred thousand times in a loop timed whole.
  Region region(*this);
  const platform::CpuTimes cpu0 = policy.cpu_time ? clock_.cpu() : platform::CpuTimes{};
  const std::int64_t t0 = now();
  return run_from(k, policy, t0, cpu0, region.start());
}

Tally MeasurementLoop::run_from(kernels::Kernel& k, const plan::Policy& p, std::int64_t t0,
                                const platform::CpuTimes& cpu0, const Elapsed& excluded0) {
  Tally total;
  if (p.for_seconds <= 0) {
    total = tally_of(k.run(1), 1);
  } else {
    // What the `for` deadline is judged on: the wall, or (cpu_time) the CPU time of this process
    // and of the programs it waited for (model::timed_ns).
    auto elapsed = [&](std::int64_t now) {
      const Elapsed excluded = excluded_ - excluded0;
      if (!p.cpu_time) return now - t0 - excluded.wall_ns;
      return platform::total_ns(clock_.cpu() - cpu0 - excluded.cpu);
    };
    const auto budget = static_cast<std::int64_t>(p.for_seconds * 1e9);
    std::uint64_t batch = 1;
    std::int64_t last = 0;
    for (;;) {
      total += tally_of(k.run(batch), batch);
      const std::int64_t spent = elapsed(now());
      // Ctrl-C (or the parent's SIGTERM to a worker) ends the count now, not at the deadline.
      if (spent >= budget || interrupted()) break;
      const std::int64_t took = spent - last;
      last = spent;
      // Aim for batches of about a millisecond, so that reading the clocks costs nothing
      // measurable, and never run past the budget by much.
      if (took < 1'000'000 && batch < (1ULL << 40))
        batch *= 2;
      else if (took > 0 && spent + took > budget)
        batch = std::max<std::uint64_t>(
            1, batch * static_cast<std::uint64_t>(budget - spent) / static_cast<std::uint64_t>(took));
    }
  }
  if (p.sync) k.flush();
  return total;
}

model::Sample MeasurementLoop::measure(kernels::Kernel& k, const plan::Policy& policy) {
  return take(k, policy, nullptr);
}

void MeasurementLoop::open_span(CpuSpan& span) {
  if (span.open_) return;
  span.open_ = true;
  span.excluded0_ = excluded_.cpu;
  span.unix_offset_ns_ = clock_.unix_ns() - now();
  span.cpu0_ = clock_.cpu();
}

model::Sample MeasurementLoop::measure(kernels::Kernel& k, const plan::Policy& policy, CpuSpan& span) {
  if (span.per_sample_ || policy.cpu_time) return take(k, policy, nullptr);
  open_span(span);
  return take(k, policy, &span);
}

std::size_t MeasurementLoop::measure_batch(kernels::Kernel& k, CpuSpan& span, std::span<model::Sample> out) {
  open_span(span);
  const std::size_t n = std::min(out.size(), batch_max);
  // Reading i, and the untimed() wall summed by then; what run i returned.
  std::array<std::int64_t, batch_max + 1> at;
  std::array<std::int64_t, batch_max + 1> excluded;
  std::array<kernels::Work, batch_max> work;
  const std::int64_t budget = CpuSpan::min_ns - span.wall_ns_;
  Region region(*this);
  std::size_t taken = 0;
  excluded[0] = excluded_.wall_ns;
  at[0] = now();
  while (taken < n) {
    work[taken] = k.run(1);
    at[taken + 1] = now();
    excluded[taken + 1] = excluded_.wall_ns;
    if (interrupted()) break;
    ++taken;
    if (at[taken] - at[0] - (excluded[taken] - excluded[0]) >= budget) break;
  }
  for (std::size_t i = 0; i < taken; ++i) {
    // Field by field (a sample's figure is never set here): assigning a whole Sample{} costs
    // more than the rest of this loop.
    model::Sample& s = out[i];
    s.param_set = 0;
    s.iteration = 0;
    s.cpu = {};
    s.cold = false;
    s.cpu_timed = false;
    s.figure.reset();
    s.start_unix_ns = at[i] + span.unix_offset_ns_;
    s.wall_ns = at[i + 1] - at[i] - (excluded[i + 1] - excluded[i]);
    s.cpu_samples = 0;
    s.units = 1;
    s.bytes = work[i].bytes;
    s.ops = work[i].ops;
    s.max_latency_ns = work[i].max_latency_ns;
    s.max_rss_kb = 0;
  }
  return taken;
}

model::Sample MeasurementLoop::take(kernels::Kernel& k, const plan::Policy& policy, const CpuSpan* span) {
  model::Sample s;
  // Inside a span, neither the CPU clocks nor the wall clock are read (measure(…, span)).
  if (span == nullptr) s.start_unix_ns = clock_.unix_ns();
  Region region(*this);
  const platform::CpuTimes cpu0 = span == nullptr ? clock_.cpu() : platform::CpuTimes{};
  const std::int64_t t0 = now();
  if (span != nullptr) s.start_unix_ns = t0 + span->unix_offset_ns_;
  const Tally t = run_from(k, policy, t0, cpu0, region.start());
  const std::int64_t t1 = now();
  const Elapsed excluded = region.excluded();
  s.wall_ns = t1 - t0 - excluded.wall_ns;
  if (span == nullptr)
    s.cpu = clock_.cpu() - cpu0 - excluded.cpu;
  else
    s.cpu_samples = 0;
  s.units = t.units;
  s.bytes = t.bytes;
  s.ops = t.ops;
  s.max_latency_ns = t.max_latency_ns;
  s.cpu_timed = policy.cpu_time;
  apply_programs(s, k.take_program_use());
  return s;
}

void MeasurementLoop::end_sample(model::Sample& s, CpuSpan& span, bool last) {
  if (span.open_) {
    span.wall_ns_ += s.wall_ns;
    ++span.samples_;
    if (last || span.wall_ns_ >= CpuSpan::min_ns) {
      s.cpu = clock_.cpu() - span.cpu0_ - (excluded_.cpu - span.excluded0_);
      s.cpu_samples = span.samples_;
      span = CpuSpan{};
    }
  }
  // The next sample is judged by this one: a long sample is worth its own reading.
  if (!span.open_) span.per_sample_ = s.wall_ns >= CpuSpan::min_ns;
}

Elapsed MeasurementLoop::time(const std::function<void()>& work) {
  Region region(*this);
  const platform::CpuTimes cpu0 = clock_.cpu();
  const std::int64_t t0 = now();
  work();
  const std::int64_t t1 = now();
  const platform::CpuTimes cpu1 = clock_.cpu();
  return Elapsed{t1 - t0, cpu1 - cpu0} - region.excluded();
}

}  // namespace hwbench::runtime::run
