// The LLVM back end: lowers an instantiated kernel (kernels/jit/llvm_codegen.hpp), optimises each
// of its two modules at O2 with the new pass manager (with or without vectorising, as the
// statement's CompileOptions say), and JIT-compiles them with ORC's LLJIT for the host CPU. Each
// compiled kernel owns its LLJIT, so destroying the Executable frees its code.
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <fmt/format.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include "kernels/contract/kernel.hpp"
#include "kernels/jit/backend.hpp"
#include "kernels/jit/llvm_codegen.hpp"

namespace hwbench::kernels::jit {

namespace {

using RunFunction = void (*)(std::uint64_t n, const std::int64_t* args, double* sink, std::int64_t* last,
                             std::int32_t* error);

template <typename T>
T take(llvm::Expected<T> value, const lang::kernel::KernelDef& def) {
  if (!value) throw KernelError(fmt::format("kernel {}: LLVM: {}", def.name, llvm::toString(value.takeError())));
  return std::move(*value);
}

void take(llvm::Error err, const lang::kernel::KernelDef& def) {
  if (err) throw KernelError(fmt::format("kernel {}: LLVM: {}", def.name, llvm::toString(std::move(err))));
}

llvm::orc::JITTargetMachineBuilder host_machine(const lang::kernel::KernelDef& def) {
  llvm::orc::JITTargetMachineBuilder jtmb = take(llvm::orc::JITTargetMachineBuilder::detectHost(), def);
  jtmb.setCodeGenOptLevel(llvm::CodeGenOpt::Default);  // llc's -O2
  // One rounding per operation: never fuse a multiply and an add, whatever the CPU offers.
  jtmb.getOptions().AllowFPOpFusion = llvm::FPOpFusion::Strict;
  return jtmb;
}

void optimise(llvm::Module& mod, llvm::TargetMachine& tm, const CompileOptions& options) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  // LLVM 14's defaults: the loop vectoriser on, the SLP vectoriser off (clang turns it on at -O2,
  // PassBuilder does not). `vectorize off` turns both off: the loops stay scalar.
  llvm::PipelineTuningOptions tuning;
  if (!options.vectorize) {
    tuning.LoopVectorization = false;
    tuning.SLPVectorization = false;
  }
  llvm::PassBuilder pb(&tm, tuning);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2);
  mpm.run(mod, mam);
}

class LlvmExecutable : public Executable {
 public:
  LlvmExecutable(std::unique_ptr<llvm::orc::LLJIT> jit, RunFunction run, const lang::kernel::KernelDef& def,
                 std::vector<ErrorSite> sites, const std::string& source_name)
      : jit_(std::move(jit)), run_(run), name_(def.name), sites_(std::move(sites)), source_name_(source_name) {
    for (const lang::kernel::KSlot& s : def.slots)
      if (s.is_param) params_.push_back(s.type);
    result_ = def.result->resolved;  // lower_kernel has refused a kernel without one
  }

  RunResult run(std::uint64_t n, const std::vector<Value>& args) override {
    if (args.size() != params_.size())
      throw KernelError(fmt::format("kernel {}: {} arguments given, {} expected", name_, args.size(), params_.size()));
    std::vector<std::int64_t> cells(args.size());
    for (std::size_t k = 0; k < args.size(); ++k) {
      if (lang::kernel::is_float(params_[k])) {
        std::memcpy(&cells[k], &args[k].f, sizeof(double));
      } else {
        cells[k] = args[k].i;
      }
    }
    RunResult out;
    std::int64_t last = 0;
    std::int32_t error = 0;
    run_(n, cells.data(), &out.sink, &last, &error);
    if (error != 0) {
      const ErrorSite& site = sites_.at(static_cast<std::size_t>(error - 1));
      throw KernelError(
          fmt::format("{}:{}:{}: {} in kernel {}", source_name_, site.loc.line, site.loc.column, site.what, name_));
    }
    out.last.type = result_;
    if (lang::kernel::is_float(result_)) {
      std::memcpy(&out.last.f, &last, sizeof(double));
    } else {
      out.last.i = last;
    }
    return out;
  }

 private:
  std::unique_ptr<llvm::orc::LLJIT> jit_;
  RunFunction run_;
  std::string name_;
  std::vector<ErrorSite> sites_;
  std::string source_name_;
  std::vector<lang::kernel::KScalar> params_;
  lang::kernel::KScalar result_ = lang::kernel::KScalar::i64;
};

class LlvmBackend : public Backend {
 public:
  LlvmBackend() {
    static std::once_flag once;
    std::call_once(once, [] {
      llvm::InitializeNativeTarget();
      llvm::InitializeNativeTargetAsmPrinter();
      // gcc vectorises a loop that sums floats in order (each lane added in turn, so the result
      // is bit-identical); LLVM does so only where the target asks for it (not x86) unless this
      // option says so. LLVM 14 offers it only as a command-line option, set once per process.
      if (llvm::cl::getRegisteredOptions().count("force-ordered-reductions") != 0) {
        const char* argv[] = {"hwbench", "-force-ordered-reductions"};
        llvm::cl::ParseCommandLineOptions(2, argv);
      }
    });
  }

  std::string label(const CompileOptions& options) const override {
    return fmt::format("jit O2{}, LLVM {}", options.vectorize ? "" : " without vectorising", LLVM_VERSION_MAJOR);
  }

  std::unique_ptr<Executable> compile(const lang::kernel::KernelDef& def, const std::string& source_name,
                                      const CompileOptions& options) override {
    llvm::orc::JITTargetMachineBuilder jtmb = host_machine(def);
    std::unique_ptr<llvm::TargetMachine> tm = take(jtmb.createTargetMachine(), def);

    auto ctx = std::make_unique<llvm::LLVMContext>();
    LoweredKernel lowered = lower_kernel(def, *ctx, tm->createDataLayout(), tm->getTargetTriple().str());
    optimise(*lowered.kernel, *tm, options);
    optimise(*lowered.driver, *tm, options);
    // HWBENCH_JIT_DUMP=1 prints the optimised IR, to see what O2 made of a kernel.
    if (std::getenv("HWBENCH_JIT_DUMP")) {
      lowered.kernel->print(llvm::errs(), nullptr);
      lowered.driver->print(llvm::errs(), nullptr);
    }

    std::unique_ptr<llvm::orc::LLJIT> jit =
        take(llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(jtmb).create(), def);
    // An array's zeroing may become a call to memset, and a float `%` one to fmod: resolve them
    // in this process.
    jit->getMainJITDylib().addGenerator(take(
        llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(jit->getDataLayout().getGlobalPrefix()), def));
    llvm::orc::ThreadSafeContext tsc(std::move(ctx));
    take(jit->addIRModule(llvm::orc::ThreadSafeModule(std::move(lowered.kernel), tsc)), def);
    take(jit->addIRModule(llvm::orc::ThreadSafeModule(std::move(lowered.driver), tsc)), def);
    auto symbol = take(jit->lookup(driver_symbol), def);
#if LLVM_VERSION_MAJOR >= 15
    auto run = symbol.template toPtr<RunFunction>();
#else
    auto run = reinterpret_cast<RunFunction>(static_cast<std::uintptr_t>(symbol.getAddress()));
#endif
    return std::make_unique<LlvmExecutable>(std::move(jit), run, def, std::move(lowered.sites), source_name);
  }
};

}  // namespace

std::unique_ptr<Backend> make_llvm_jit() {
  if (jit_switched_off()) return nullptr;
  return std::make_unique<LlvmBackend>();
}

}  // namespace hwbench::kernels::jit
