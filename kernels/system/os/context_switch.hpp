#pragma once
// `context1`: UnixBench's pipe-based context switching. hwbench and a partner process pass a
// counter back and forth over two pipes, each side checking it; one round trip is one unit.
#include <cstdint>

#include "kernels/contract/kernel.hpp"
#include "kernels/system/common/partner_process.hpp"

namespace hwbench::kernels::system {

/// The context1 kernel: the partner is forked in prepare() and reaped in finish() (or by the
/// destructor after an error or an interruption).
class ContextSwitch : public Kernel {
 public:
  ContextSwitch() : partner_("context1's partner process") {}
  /// Forks the partner.
  void prepare() override;
  /// `n` round trips; throws KernelError when the partner stops or a counter comes back wrong.
  Work run(std::uint64_t n) override;
  /// Stops the partner and waits for it.
  void finish() override;

  /// Round trips completed and checked so far.
  std::uint64_t round_trips() const { return counter_; }
  /// The partner's process id while it runs, -1 otherwise.
  pid_t partner_pid() const { return partner_.pid(); }
  /// The partner's wait status after finish().
  int partner_status() const { return partner_.status(); }

 private:
  PartnerProcess partner_;
  std::uint64_t counter_ = 0;
};

}  // namespace hwbench::kernels::system
