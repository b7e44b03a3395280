#pragma once
// The measurement options every kernel statement takes (`warmup`, `runs`, `for`, `until ci`,
// `cold`, `sync`, `cputime`, `faithful`): each is bound into the step's Policy as the binder
// meets it, and once the statement ends the policy is completed from `faithful`'s fixed rule and
// the kernel's own default (openssl: for 3s; nbench: until ci 5%).
#include <string>
#include <vector>

#include "kernels/contract/kernel.hpp"
#include "runtime/check/binders/binding_cursor.hpp"

namespace hwbench::runtime::check {

/// The measurement options every kernel takes.
const std::vector<std::string>& measurement_options();

/// Binds one statement's measurement options into `cursor.step.policy`.
class MeasurementOptions {
 public:
  /// Options for the statement `cursor` walks.
  explicit MeasurementOptions(BindingCursor& cursor) : c_(cursor) {}
  /// Whether `word` is a measurement option.
  static bool is_option(const std::string& word);
  /// Binds the option word `it` (the cursor stands on it) and moves the cursor past its value.
  void bind(const lang::recipe::Item& it);
  /// Completes the policy once every item is read, from `faithful` and `spec`'s default measure.
  void complete(const kernels::KernelSpec& spec);
  /// The `cold` word, or nullptr when the statement does not say it.
  const lang::recipe::Item* cold() const { return cold_; }

 private:
  /// Refuses `it` where it has no meaning (groups, setup/teardown, interleave blocks); true when it did.
  bool refused(const lang::recipe::Item& it);
  void bind_until(const lang::recipe::Item& it);
  void bind_runs_range(const lang::recipe::Item& value);
  void bind_for(const lang::recipe::Item& value);

  BindingCursor& c_;
  bool runs_given_ = false;
  bool runs_range_ = false;
  const lang::recipe::Item* runs_range_item_ = nullptr;  ///< the MIN..MAX of `runs`, when given
  const lang::recipe::Item* runs_item_ = nullptr;        ///< the value of `runs` (N or MIN..MAX), when given
  const lang::recipe::Item* faithful_ = nullptr;
  const lang::recipe::Item* cold_ = nullptr;
  const lang::recipe::Item* cputime_ = nullptr;
};

}  // namespace hwbench::runtime::check
