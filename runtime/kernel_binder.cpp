#include "runtime/kernel_binder.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "lang/lexical.hpp"
#include "runtime/checker.hpp"

namespace hwbench::runtime {

using kernels::ArgKind;
using kernels::ParamSpec;
using kernels::ParamType;
using lang::Dim;
using lang::Item;

const std::vector<std::string>& measurement_options() {
  static const std::vector<std::string> names = {"warmup", "runs", "for", "until", "cold", "sync", "cputime", "faithful"};
  return names;
}

double default_number(const ParamSpec& p) {
  if (p.default_text.empty()) return 0;
  auto n = lang::read_number(p.default_text);
  return n.unknown_suffix.empty() ? n.quantity.value : 0;
}

namespace {

constexpr double kMaxWhole = 9007199254740992.0;  // 2^53

std::uint32_t width(const Item& it) { return static_cast<std::uint32_t>(std::max<std::size_t>(1, it.word.size())); }

std::string describe(const Value& v) {
  if (v.kind == Value::Kind::number) {
    switch (v.number.dim) {
      case Dim::bytes: return fmt::format("'{}' is a size", to_text(v));
      case Dim::seconds: return fmt::format("'{}' is a duration", to_text(v));
      case Dim::percent: return fmt::format("'{}' is a percentage", to_text(v));
      case Dim::none: return fmt::format("'{}' is a plain number", to_text(v));
    }
  }
  if (v.kind == Value::Kind::list) return fmt::format("'{}' is a list", to_text(v));
  return fmt::format("'{}' is a text", to_text(v));
}

std::string format_base(double v, ParamType t) {
  if (t == ParamType::size) return fmt::format("{} B", v);
  if (t == ParamType::duration) return fmt::format("{} s", v);
  return fmt::format("{}", v);
}

class Binder {
 public:
  Binder(const lang::Stmt& s, const BindRequest& req) : s_(s), req_(req) {}

  std::optional<KernelStep> bind() {
    const kernels::KernelSpec* spec = req_.registry.find(s_.name);
    auto name_len = static_cast<std::uint32_t>(s_.name.size());
    if (spec == nullptr) {
      std::vector<std::string> candidates = req_.registry.names();
      for (const auto& k : statement_keywords()) candidates.push_back(k);
      req_.diags.error(s_.loc, fmt::format("unknown kernel '{}'", s_.name),
                       lang::did_you_mean(s_.name, candidates, "run 'hwbench list' to see every kernel"), name_len);
      return std::nullopt;
    }
    spec_ = spec;
    if (spec->runs_programs && !req_.allow_exec)
      fail(s_.loc, fmt::format("'{}' runs external programs", s_.name), "pass --allow-exec to allow it", name_len);
    step_.spec = spec;
    step_.text = s_.name;
    walk_items();
    finish();
    if (failed_) return std::nullopt;
    step_.effects = spec->effects ? spec->effects(step_.call, req_.files) : kernels::FileEffects{};
    return std::move(step_);
  }

 private:
  void fail(lang::SourceLoc loc, std::string message, std::string hint, std::uint32_t len) {
    req_.diags.error(loc, std::move(message), std::move(hint), len);
    failed_ = true;
  }

  std::string synopsis() const { return fmt::format("usage: {}", spec_->synopsis.empty() ? spec_->name : spec_->synopsis); }

  void walk_items() {
    const auto& items = s_.items;
    bool arrow_seen = false;
    for (i_ = 0; i_ < items.size(); ++i_) {
      const Item& it = items[i_];
      switch (it.kind) {
        case Item::Kind::arrow: {
          if (next_arg_ < spec_->args.size() && spec_->args[next_arg_].before == "->" && !arrow_seen) {
            arrow_seen = true;
            step_.text += " ->";
          } else {
            fail(it.loc, "unexpected '->'", synopsis(), 2);
          }
          break;
        }
        case Item::Kind::comma:
          fail(it.loc, "unexpected ','", synopsis(), 1);
          break;
        case Item::Kind::word:
          word(it, arrow_seen);
          break;
        case Item::Kind::expr:
          positional(it, arrow_seen);
          break;
      }
    }
  }

  bool next_is_word_arg() const {
    return next_arg_ < spec_->args.size() && spec_->args[next_arg_].kind == ArgKind::word;
  }

  void word(const Item& it, bool& arrow_seen) {
    const std::string& w = it.word;
    if (std::find(measurement_options().begin(), measurement_options().end(), w) != measurement_options().end()) {
      option(it);
      return;
    }
    if (const ParamSpec* p = spec_->param(w)) {
      param(*p, it);
      return;
    }
    for (const auto& p : spec_->params) {
      if (p.type == ParamType::choice && std::find(p.choices.begin(), p.choices.end(), w) != p.choices.end()) {
        set_choice(p, w, it);
        return;
      }
    }
    if (next_is_word_arg()) {
      positional(it, arrow_seen);
      return;
    }
    std::vector<std::string> candidates = measurement_options();
    for (const auto& p : spec_->params) {
      candidates.push_back(p.name);
      for (const auto& c : p.choices) candidates.push_back(c);
    }
    std::string known;
    for (const auto& p : spec_->params) known += (known.empty() ? "" : ", ") + p.name;
    fail(it.loc, fmt::format("unknown parameter '{}' for '{}'", w, spec_->name),
         lang::did_you_mean(w, candidates,
                            fmt::format("{} takes: {}{}{}", spec_->name, known, known.empty() ? "" : ", ",
                                        fmt::join(measurement_options(), ", "))),
         width(it));
    // Its value would only raise a second, confusing error.
    if (i_ + 1 < s_.items.size() && s_.items[i_ + 1].kind == Item::Kind::expr) ++i_;
  }

  /// The value item after a parameter or option word.
  const Item* value_item(const Item& after, const std::string& what, const std::string& example) {
    if (i_ + 1 >= s_.items.size() || s_.items[i_ + 1].kind == Item::Kind::arrow ||
        s_.items[i_ + 1].kind == Item::Kind::comma) {
      fail(after.loc, fmt::format("'{}' needs a value", what), fmt::format("write it like: {}", example), width(after));
      return nullptr;
    }
    return &s_.items[++i_];
  }

  std::optional<Value> eval(const Item& it) {
    if (it.kind == Item::Kind::word) {
      Value v;
      v.kind = Value::Kind::text;
      v.is_word = true;
      v.text = it.word;
      return v;
    }
    auto v = evaluate(it.expr, req_.scope, req_.diags);
    if (!v) failed_ = true;
    return v;
  }

  void repeated(const Item& it, const std::string& name) {
    if (!seen_.insert(name).second)
      fail(it.loc, fmt::format("'{}' is given twice", name), "keep one of them", width(it));
  }

  void option(const Item& it) {
    const std::string& w = it.word;
    repeated(it, w);
    // `for` inside a group: each run of the statement counts for the duration (openssl -multi).
    const bool group_for = req_.in_group && !req_.untimed && w == "for";
    if ((req_.in_group || req_.untimed) && w != "sync" && w != "cold" && !group_for) {
      if (w == "cputime" || w == "faithful") {
        fail(it.loc, fmt::format("'{}' has no meaning {}", w, req_.untimed ? "in setup or teardown" : "inside 'time' or 'parallel'"),
             {}, width(it));
        return;
      }
      fail(it.loc,
           fmt::format("'{}' has no meaning {}", w,
                       req_.untimed ? "in setup or teardown: nothing there is timed"
                                    : "inside 'time' or 'parallel': the whole block is one sample"),
           req_.untimed ? "move the statement out of setup/teardown to time it" : "put the loop around the block instead",
           width(it));
      if (w == "cold" || w == "sync") return;
      if (w == "until") ++i_;
      if (i_ + 1 < s_.items.size() && s_.items[i_ + 1].kind == Item::Kind::expr) ++i_;
      return;
    }
    Policy& p = step_.policy;
    if (w == "cold") {
      p.cold = true;
      step_.text += " cold";
      return;
    }
    if (w == "sync") {
      p.sync = true;
      step_.text += " sync";
      return;
    }
    if (w == "cputime") {
      p.cpu_time = true;
      step_.text += " cputime";
      return;
    }
    if (w == "faithful") {
      // nbench 2.2.3's own rule: clock() CPU time, at least 5 s a sample, until ±5% in 5..30.
      faithful_ = &it;
      p.cpu_time = true;
      step_.text += " faithful";
      return;
    }
    if (w == "until") {
      if (i_ + 1 >= s_.items.size() || s_.items[i_ + 1].word != "ci") {
        fail(it.loc, "expected 'ci' after 'until'", "write it like: until ci 5%", width(it));
        return;
      }
      ++i_;
      const Item* vi = value_item(s_.items[i_], "until ci", "until ci 5%");
      if (!vi) return;
      auto v = eval(*vi);
      if (!v) return;
      if (v->kind != Value::Kind::number || v->number.dim != Dim::percent) {
        fail(vi->loc, fmt::format("'until ci' needs a percentage, but {}", describe(*v)), "write it like: until ci 5%",
             width(*vi));
        return;
      }
      if (!(v->number.value > 0 && v->number.value < 100)) {  // NaN too
        fail(vi->loc, "'until ci' needs a percentage between 0% and 100%", "for example: until ci 5%", width(*vi));
        return;
      }
      p.until_ci_pct = v->number.value;
      step_.text += fmt::format(" until ci {}", to_text(*v));
      return;
    }
    const Item* vi = value_item(it, w, w == "for" ? "for 3s" : w == "runs" ? "runs 10 or runs 5..30" : "warmup 2");
    if (!vi) return;
    if (w == "runs" && vi->kind == Item::Kind::expr && vi->expr.kind == lang::ExprKind::range) {
      auto lo = evaluate_count(vi->expr.items.at(0), req_.scope, req_.diags, "runs", 1, 1'000'000);
      auto hi = evaluate_count(vi->expr.items.at(1), req_.scope, req_.diags, "runs", 1, 1'000'000);
      if (!lo || !hi) {
        failed_ = true;
        return;
      }
      if (*hi < *lo) {
        fail(vi->loc, fmt::format("'runs {}' ends before it starts", vi->word), "write the smaller bound first", width(*vi));
        return;
      }
      p.runs_min = static_cast<std::uint32_t>(*lo);
      p.runs_max = static_cast<std::uint32_t>(*hi);
      runs_range_ = true;
      runs_given_ = true;
      step_.text += fmt::format(" runs {}..{}", *lo, *hi);
      return;
    }
    if (w == "for") {
      auto v = eval(*vi);
      if (!v) return;
      if (v->kind != Value::Kind::number || v->number.dim != Dim::seconds) {
        fail(vi->loc, fmt::format("'for' needs a duration, but {}", describe(*v)), "write it like: for 3s or for 500ms",
             width(*vi));
        return;
      }
      if (!(v->number.value > 0 && v->number.value <= 24 * 3600)) {  // NaN too
        fail(vi->loc, "'for' needs a duration between 0 and 24h", {}, width(*vi));
        return;
      }
      p.for_seconds = v->number.value;
      step_.text += fmt::format(" for {}", to_text(*v));
      return;
    }
    auto n = evaluate_count(vi->expr, req_.scope, req_.diags, w.c_str(), w == "runs" ? 1 : 0, 1'000'000);
    if (!n) {
      failed_ = true;
      return;
    }
    if (w == "runs") {
      p.runs_min = p.runs_max = static_cast<std::uint32_t>(*n);
      runs_given_ = true;
    } else {
      p.warmup = static_cast<std::uint32_t>(*n);
    }
    step_.text += fmt::format(" {} {}", w, *n);
  }

  void set_choice(const ParamSpec& p, const std::string& value, const Item& it) {
    repeated(it, p.name);
    auto& pv = step_.call.params[p.name];
    pv.text = value;
    pv.given = true;
    step_.text += " " + value;
  }

  void param(const ParamSpec& p, const Item& it) {
    if (p.type == ParamType::flag) {
      repeated(it, p.name);
      auto& pv = step_.call.params[p.name];
      pv.flag = true;
      pv.given = true;
      step_.text += " " + p.name;
      return;
    }
    std::string example = p.name + " " + (p.default_text.empty() ? "…" : p.default_text);
    const Item* vi = value_item(it, p.name, example);
    if (!vi) return;
    repeated(it, p.name);
    auto v = eval(*vi);
    if (!v) return;
    auto& pv = step_.call.params[p.name];
    pv.given = true;
    auto bad = [&](const std::string& need, const std::string& hint) {
      fail(vi->loc, fmt::format("'{}' needs {}, but {}", p.name, need, describe(*v)), hint, width(*vi));
    };
    switch (p.type) {
      case ParamType::size:
        if (v->kind != Value::Kind::number || (v->number.dim != Dim::bytes && v->number.dim != Dim::none))
          return bad("a size", fmt::format("write it with a size unit, like {} 10MB or {} 4KiB", p.name, p.name));
        break;
      case ParamType::duration:
        if (v->kind != Value::Kind::number || v->number.dim != Dim::seconds)
          return bad("a duration", fmt::format("write it with a time unit, like {} 3s", p.name));
        break;
      case ParamType::count:
        if (v->kind != Value::Kind::number || v->number.dim != Dim::none ||
            v->number.value != std::floor(v->number.value))
          return bad("a whole number", fmt::format("for example: {} 10", p.name));
        break;
      case ParamType::number:
        if (v->kind != Value::Kind::number || v->number.dim != Dim::none)
          return bad("a plain number", fmt::format("for example: {} 2.5", p.name));
        break;
      case ParamType::word:
      case ParamType::choice:
        if (v->kind != Value::Kind::text) return bad("a word", fmt::format("for example: {} {}", p.name, p.default_text));
        if (p.type == ParamType::choice && std::find(p.choices.begin(), p.choices.end(), v->text) == p.choices.end()) {
          fail(vi->loc, fmt::format("'{}' is not a choice of '{}'", v->text, p.name),
               lang::did_you_mean(v->text, p.choices, fmt::format("choices: {}", fmt::join(p.choices, ", "))),
               width(*vi));
          return;
        }
        pv.text = v->text;
        step_.text += fmt::format(" {} {}", p.name, v->text);
        return;
      case ParamType::flag:
        return;
    }
    double x = v->number.value;
    // Sizes and counts become 64-bit integers in the kernels: past 2^53 bytes (8 PiB) a double no
    // longer holds every whole number, and a kernel's arithmetic on them could wrap.
    const double max = p.type == ParamType::size || p.type == ParamType::count ? std::min(p.max, kMaxWhole) : p.max;
    if (!(x >= p.min && x <= max)) {  // NaN too
      fail(vi->loc,
           fmt::format("'{}' {} is out of range", p.name, to_text(*v)),
           fmt::format("{} takes {} to {}", p.name, format_base(p.min, p.type),
                       p.max == std::numeric_limits<double>::max() ? std::string("any larger value")
                                                                  : format_base(max, p.type)),
           width(*vi));
      return;
    }
    pv.number = x;
    pv.text = to_text(*v);
    step_.text += fmt::format(" {} {}", p.name, pv.text);
  }

  void positional(const Item& it, bool arrow_seen) {
    if (next_arg_ >= spec_->args.size()) {
      fail(it.loc, fmt::format("unexpected argument '{}'", it.word), synopsis(), width(it));
      return;
    }
    const auto& arg = spec_->args[next_arg_++];
    if (arg.before == "->" && !arrow_seen) {
      fail(it.loc, fmt::format("expected '->' before {}", arg.name), synopsis(), width(it));
      return;
    }
    auto v = eval(it);
    if (!v) return;
    if (v->kind != Value::Kind::text) {
      fail(it.loc, fmt::format("{} needs a {}, but {}", arg.name, arg.kind == ArgKind::word ? "word" : "path", describe(*v)),
           synopsis(), width(it));
      return;
    }
    kernels::ArgValue av;
    av.text = v->text;
    if (arg.kind != ArgKind::word) {
      PathError err;
      auto resolved = req_.resolver.resolve(v->text, arg.kind != ArgKind::input_path, err);
      if (!resolved) {
        fail(it.loc, err.message, err.hint, width(it));
        return;
      }
      av.path = resolved->path;
    }
    step_.text += " " + av.text;
    step_.call.args.push_back(std::move(av));
  }

  void finish() {
    if (failed_) return;
    for (std::size_t k = next_arg_; k < spec_->args.size(); ++k) {
      fail(s_.loc, fmt::format("'{}' needs {}", spec_->name, spec_->args[k].name), synopsis(),
           static_cast<std::uint32_t>(s_.name.size()));
      return;
    }
    for (const auto& p : spec_->params) {
      auto it = step_.call.params.find(p.name);
      if (it != step_.call.params.end()) continue;
      if (p.default_text.empty() && p.type != ParamType::flag) {
        fail(s_.loc, fmt::format("'{}' needs '{}'", spec_->name, p.name), synopsis(),
             static_cast<std::uint32_t>(s_.name.size()));
        continue;
      }
      kernels::ParamValue pv;
      pv.text = p.default_text;
      pv.number = default_number(p);
      step_.call.params[p.name] = pv;
    }
    Policy& p = step_.policy;
    if (faithful_ != nullptr) {
      if (p.for_seconds > 0 || p.until_ci_pct > 0 || runs_given_) {
        fail(faithful_->loc, "'faithful' fixes the timing itself (for 5s cputime until ci 5% runs 5..30)",
             "drop 'for', 'until ci' and 'runs', or drop 'faithful'", width(*faithful_));
        return;
      }
      p.for_seconds = 5;
      p.until_ci_pct = 5;
      p.runs_min = 5;
      p.runs_max = 30;
      return;
    }
    // What the statement leaves unsaid, the kernel's own default says (openssl: for 3s); in a
    // `time` or `parallel` group only the duration applies, each statement running once.
    if (req_.in_group && !req_.untimed && p.for_seconds <= 0) p.for_seconds = spec_->measure.for_seconds;
    if (!req_.in_group && !req_.untimed) {
      const kernels::DefaultMeasure& d = spec_->measure;
      if (p.for_seconds <= 0 && d.for_seconds > 0) p.for_seconds = d.for_seconds;
      if (p.until_ci_pct <= 0 && !runs_given_) {
        if (d.until_ci_pct > 0) {
          p.until_ci_pct = d.until_ci_pct;
        } else {
          p.runs_min = d.runs_min;
          p.runs_max = d.runs_max;
        }
      }
    }
    if (p.until_ci_pct > 0 && !runs_given_) {
      p.runs_min = 5;
      p.runs_max = 30;
    } else if (p.until_ci_pct > 0 && !runs_range_) {
      // `runs N` with `until ci` is the ceiling; nbench's floor of 5 stays where it fits.
      p.runs_min = std::min<std::uint32_t>(5, p.runs_max);
    }
  }

  const lang::Stmt& s_;
  const BindRequest& req_;
  const kernels::KernelSpec* spec_ = nullptr;
  KernelStep step_;
  std::size_t i_ = 0;
  std::size_t next_arg_ = 0;
  std::set<std::string> seen_;
  bool failed_ = false;
  bool runs_given_ = false;
  bool runs_range_ = false;
  const Item* faithful_ = nullptr;
};

}  // namespace

std::optional<KernelStep> bind_kernel(const lang::Stmt& s, const BindRequest& req) {
  Binder b(s, req);
  return b.bind();
}

}  // namespace hwbench::runtime
