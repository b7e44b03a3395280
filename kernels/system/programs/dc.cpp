#include "kernels/system/programs/dc.hpp"

#include <sys/wait.h>

#include <fmt/format.h>

#include "kernels/system/common/program.hpp"
#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/programs/program_tests.hpp"

namespace hwbench::kernels::system {

namespace {

ProgramRun dc_run(const std::string& path) {
  ProgramRun run;
  run.argv = {path};
  run.input = dc_script;
  return run;
}

// GNU dc's `q` ends the program with status 1, so only a crash, or digits that are not the
// square root of 2, make a failed run.
std::string judge_dc(const ProgramOutcome& out) {
  if (!WIFEXITED(out.status)) return program_failure("dc", out);
  if (!out.output.starts_with("1.41421356237309504880"))
    return fmt::format("dc printed '{}' instead of the square root of 2", out.output.substr(0, 40));
  return "";
}

class DcKernel : public Kernel {
 public:
  explicit DcKernel(const Context& context) : context_(context) {}

  void prepare() override {
    const std::string path = find_program("dc");
    if (path.empty()) throw KernelUnavailable("dc is not installed; install it with: apt-get install dc");
    run_ = dc_run(path);
  }

  Work run(std::uint64_t n) override {
    if (run_.argv.empty()) prepare();
    return run_program_units(run_, n, context_, judge_dc);
  }

 private:
  Context context_;
  ProgramRun run_;
};

}  // namespace

std::string run_dc(const std::string& path) {
  const ProgramOutcome out = run_program(dc_run(path));
  if (!WIFEXITED(out.status)) throw KernelError(program_failure("dc", out));
  return out.output;
}

KernelSpec dc_spec() {
  KernelSpec spec =
      unixbench_spec("dc", "sqrt(2) to 99 decimal places through dc(1); one unit is one run of dc (report lpm)",
                     "UnixBench Dc: sqrt(2) to 99 decimal places (looper 30 dc < dc.dat)", "dc", 30);
  spec.runs_programs = true;
  spec.make = [](const Call&, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<DcKernel>(context);
  };
  return spec;
}

}  // namespace hwbench::kernels::system
