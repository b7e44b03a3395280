#include "kernels/jit/user_kernel.hpp"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>

#include <fmt/format.h>

#include "kernels/jit/interpreter.hpp"
#include "lang/kernel/kernel_typecheck.hpp"

namespace hwbench::kernels::jit {

namespace {

/// The argument of value parameter `p` (of type `t`) in `call`.
Value argument(const lang::kernel::KParam& p, lang::kernel::KScalar t, const Call& call) {
  Value v;
  v.type = t;
  const auto it = call.params.find(p.name);
  const bool given = it != call.params.end() && it->second.given;
  if (lang::kernel::is_integer(t)) {
    double x = given ? it->second.number : static_cast<double>(std::strtoll(p.default_text.c_str(), nullptr, 10));
    if (given && x != std::trunc(x)) throw KernelError(fmt::format("'{}' needs a whole number", p.name));
    // The checker has kept the value in the type's range; the clamp only guards the conversion.
    x = std::clamp(x, -9223372036854775808.0, 9223372036854774784.0);
    v.i = static_cast<std::int64_t>(x);
  } else {
    v.f = given ? it->second.number : std::strtod(p.default_text.c_str(), nullptr);
    if (t == lang::kernel::KScalar::f32) v.f = static_cast<double>(static_cast<float>(v.f));
  }
  return v;
}

/// The text of parameter `name` in `call`, or `fallback` when the call does not have it.
std::string text_of(const Call& call, const char* name, const char* fallback) {
  const auto it = call.params.find(name);
  return it == call.params.end() ? fallback : it->second.text;
}

/// An option of every defined kernel's statement: a choice whose default is the first.
ParamSpec choice_param(const char* name, const std::vector<std::string>& choices, const char* help) {
  ParamSpec ps;
  ps.name = name;
  ps.type = ParamType::choice;
  ps.choices = choices;
  ps.default_text = choices.front();
  ps.help = help;
  return ps;
}

/// Keeps the sum of every call's result where the optimiser must assume it is read.
volatile double g_sink = 0;

class UserKernel : public Kernel {
 public:
  UserKernel(std::shared_ptr<const DefinedKernel> kernel, Call call)
      : kernel_(std::move(kernel)), call_(std::move(call)) {}

  void prepare() override {
    const lang::kernel::KernelDef& def = kernel_->def;
    lang::Diagnostics diags;
    auto inst = lang::kernel::instantiate_kernel(def, type_binding(def, call_), diags);
    if (!inst) {
      const auto& first = diags.all().empty() ? lang::Diagnostic{} : diags.all().front();
      throw KernelError(
          fmt::format("{}:{}:{}: {}", kernel_->source_name, first.loc.line, first.loc.column, first.message));
    }
    for (const auto& p : def.params) {
      if (p.is_type) continue;
      for (const auto& slot : inst->slots)
        if (slot.is_param && slot.name == p.name) args_.push_back(argument(p, slot.type, call_));
    }
    backend_ = backend_of(call_);
    if (!backend_) throw KernelError("backend jit: this hwbench was built without LLVM (-DHWBENCH_WITH_LLVM=ON)");
    options_ = compile_options(call_);
    // Compilation is timed here, apart from every sample, and recorded as a note.
    const auto t0 = std::chrono::steady_clock::now();
    exe_ = backend_->compile(*inst, kernel_->source_name, options_);
    const auto t1 = std::chrono::steady_clock::now();
    compile_ns_ = std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count();
  }

  Work run(std::uint64_t n) override {
    const RunResult r = exe_->run(n, args_);
    g_sink = g_sink + r.sink;
    return {0, n, 0};
  }

  std::map<std::string, std::string> notes() const override {
    if (!backend_) return {};
    return {{kBackendParam, backend_->label(options_)}, {"compile_ns", std::to_string(compile_ns_)}};
  }

 private:
  std::shared_ptr<const DefinedKernel> kernel_;
  Call call_;
  std::vector<Value> args_;
  std::unique_ptr<Backend> backend_;
  CompileOptions options_;
  std::unique_ptr<Executable> exe_;
  std::int64_t compile_ns_ = 0;
};

}  // namespace

const std::vector<std::string>& backend_choices() {
  static const std::vector<std::string> choices = {"auto", "interpreted", "jit"};
  return choices;
}

const std::vector<std::string>& vectorize_choices() {
  static const std::vector<std::string> choices = {"on", "off"};
  return choices;
}

std::unique_ptr<Backend> choose_backend(const std::string& choice) {
  if (choice == "interpreted") return make_interpreter();
  auto jit = make_llvm_jit();
  if (jit || choice == "jit") return jit;
  return make_interpreter();
}

std::unique_ptr<Backend> backend_of(const Call& call) { return choose_backend(text_of(call, kBackendParam, "auto")); }

CompileOptions compile_options(const Call& call) {
  CompileOptions options;
  options.vectorize = text_of(call, kVectorizeParam, "on") != "off";
  return options;
}

std::vector<std::pair<std::string, lang::kernel::KScalar>> type_binding(const lang::kernel::KernelDef& def,
                                                                        const Call& call) {
  std::vector<std::pair<std::string, lang::kernel::KScalar>> out;
  for (const auto& p : def.params) {
    if (!p.is_type) continue;
    const auto it = call.params.find(p.name);
    const std::string& text = it != call.params.end() ? it->second.text : p.default_text;
    if (auto t = lang::kernel::scalar_from_name(text)) out.emplace_back(p.name, *t);
  }
  return out;
}

KernelSpec user_kernel_spec(std::shared_ptr<const DefinedKernel> kernel) {
  const lang::kernel::KernelDef& def = kernel->def;
  KernelSpec spec;
  spec.name = def.name;
  spec.family = "recipe";
  spec.help = fmt::format("defined in {} at line {}; one unit is one call", kernel->source_name, def.loc.line);
  spec.lineage = "a kernel defined in the recipe";
  spec.synopsis = def.name;
  spec.unit = WorkUnit::operations;
  spec.one_thread = true;
  spec.measure.for_seconds = 1;
  for (const auto& p : def.params) {
    ParamSpec ps;
    ps.name = p.name;
    ps.default_text = p.default_text;
    if (p.is_type) {
      ps.type = ParamType::choice;
      ps.choices = lang::kernel::scalar_names();
      ps.help = "a type parameter";
      spec.synopsis += fmt::format(" [{} i16|i32|i64|f32|f64]", p.name);
    } else {
      const auto t = lang::kernel::scalar_from_name(p.type.name);
      ps.type = t && lang::kernel::is_integer(*t) ? ParamType::count : ParamType::number;
      ps.min = std::numeric_limits<double>::lowest();
      ps.max = std::numeric_limits<double>::max();
      if (t && lang::kernel::is_integer(*t)) {
        ps.min = static_cast<double>(lang::kernel::integer_min(*t));
        ps.max = static_cast<double>(lang::kernel::integer_max(*t));
      }
      ps.unit = p.type.name;
      ps.help = fmt::format("a value of type {}", p.type.name);
      spec.synopsis += fmt::format(" [{} N]", p.name);
    }
    spec.params.push_back(std::move(ps));
  }
  spec.params.push_back(choice_param(kBackendParam, backend_choices(),
                                     "how the kernel runs: the LLVM JIT where hwbench has it (auto), or the "
                                     "interpreter"));
  spec.params.push_back(choice_param(kVectorizeParam, vectorize_choices(),
                                     "whether the JIT may vectorise loops (off: scalar loops; the interpreter "
                                     "ignores it)"));
  spec.synopsis += " [backend auto|interpreted|jit] [vectorize on|off]";
  spec.effects = [](const Call&, const platform::FileView&) { return FileEffects{}; };
  spec.make = [kernel](const Call& call, const Context&) -> std::unique_ptr<Kernel> {
    return std::make_unique<UserKernel>(kernel, call);
  };
  return spec;
}

}  // namespace hwbench::kernels::jit
