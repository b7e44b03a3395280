#include "runtime/sandbox/space_ledger.hpp"

#include <sys/stat.h>

#include <algorithm>

#include <fmt/format.h>

#include "base/support/human_units.hpp"
#include "runtime/sandbox/locations.hpp"

namespace hwbench::runtime::sandbox {

namespace {

std::uint64_t at_least_zero(std::int64_t n) { return static_cast<std::uint64_t>(std::max<std::int64_t>(0, n)); }

}  // namespace

const std::pair<dev_t, std::string>& SpaceLedger::device_of(const std::string& dir) {
  auto it = devices_.find(dir);
  if (it != devices_.end()) return it->second;
  // The directory may be one the run creates: its file system is its nearest existing ancestor's.
  std::string probe = dir;
  struct stat st {};
  while (::stat(probe.c_str(), &st) != 0 && probe != "/") probe = parent_of(probe);
  return devices_.emplace(dir, std::pair{st.st_dev, probe}).first->second;
}

void SpaceLedger::account(const std::string& dir, std::int64_t delta, lang::SourceLoc loc) {
  const auto& [device, probe] = device_of(dir);
  auto& u = usage_[device];
  if (u.where.empty()) u.where = probe;
  u.held += delta;
  if (u.held > u.peak) {
    u.peak = u.held;
    u.peak_loc = loc;
  }
  if (rise_) {
    auto& r = (*rise_)[device];
    const auto base = rise_base_.find(device);
    r = std::max(r, u.held - (base == rise_base_.end() ? 0 : base->second));
  }
  total_held_ += delta;
  peak_total_ = std::max(peak_total_, at_least_zero(total_held_));
}

void SpaceLedger::check(lang::Diagnostics& diags) const {
  for (const auto& [dev, u] : usage_) {
    auto free = machine_.free_bytes(u.where);
    if (!free || u.peak <= 0) continue;
    if (static_cast<std::uint64_t>(u.peak) > *free)
      diags.error(u.peak_loc,
                  fmt::format("the run needs {} in '{}' ({}) at its peak, but only {} is free",
                              support::human_bytes(static_cast<std::uint64_t>(u.peak)), u.where,
                              machine_.filesystem_type(u.where), support::human_bytes(*free)),
                  "use smaller sizes or fewer files, remove files as you go, or map the location elsewhere with -L", 1);
  }
}

std::map<dev_t, std::int64_t> SpaceLedger::held_by_device() const {
  std::map<dev_t, std::int64_t> out;
  for (const auto& [dev, u] : usage_) out[dev] = u.held;
  return out;
}

SpaceLedger::Concurrent::Concurrent(SpaceLedger& ledger)
    : ledger_(ledger), before_(ledger.held_by_device()), total_before_(ledger.total_held_), outer_(ledger.rise_) {}

SpaceLedger::Concurrent::~Concurrent() { ledger_.rise_ = outer_; }

void SpaceLedger::Concurrent::start_worker() {
  fold();
  ledger_.rise_base_ = ledger_.held_by_device();
  rises_.emplace();
  ledger_.rise_ = &*rises_;
}

void SpaceLedger::Concurrent::finish(lang::SourceLoc loc) {
  fold();
  ledger_.rise_ = outer_;
  std::int64_t total = total_before_;
  for (const auto& [dev, rise] : summed_) total += rise;
  ledger_.peak_total_ = std::max(ledger_.peak_total_, at_least_zero(total));
  for (const auto& [dev, rise] : summed_) {
    auto& u = ledger_.usage_[dev];
    const auto it = before_.find(dev);
    const std::int64_t peak = (it == before_.end() ? 0 : it->second) + rise;
    if (peak > u.peak) {
      u.peak = peak;
      u.peak_loc = loc;
    }
  }
}

void SpaceLedger::Concurrent::fold() {
  if (!rises_) return;
  for (const auto& [dev, rise] : *rises_) summed_[dev] += std::max<std::int64_t>(0, rise);
  rises_.reset();
}

}  // namespace hwbench::runtime::sandbox
