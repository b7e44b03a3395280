#include "runtime/check/binders/measurement_options.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "runtime/check/binders/kernel_binder.hpp"

namespace hwbench::runtime::check {

namespace recipe = lang::recipe;

const std::vector<std::string>& measurement_options() {
  static const std::vector<std::string> names = {"warmup", "runs", "for",     "until",
                                                 "cold",   "sync", "cputime", "faithful"};
  return names;
}

bool MeasurementOptions::is_option(const std::string& word) {
  return std::find(measurement_options().begin(), measurement_options().end(), word) != measurement_options().end();
}

bool MeasurementOptions::refused(const recipe::Item& it) {
  const std::string& w = it.word;
  const BindRequest& req = c_.req;
  // `for` inside a group: each run of the statement counts for the duration (openssl -multi),
  // and `cputime` says on which clock, as it does outside groups.
  const bool group_count = req.in_group && !req.untimed && (w == "for" || w == "cputime");
  if ((req.in_group || req.untimed) && w != "sync" && w != "cold" && !group_count) {
    if (w == "cputime" || w == "faithful") {
      c_.fail(it.loc,
              fmt::format("'{}' has no meaning {}", w,
                          req.untimed ? "in setup or teardown" : "inside 'time' or 'parallel'"),
              {}, item_width(it));
      return true;
    }
    c_.fail(
        it.loc,
        fmt::format("'{}' has no meaning {}", w,
                    req.untimed ? "in setup or teardown: nothing there is timed"
                                : "inside 'time' or 'parallel': the whole block is one sample"),
        req.untimed ? "move the statement out of setup/teardown to time it" : "put the loop around the block instead",
        item_width(it));
    if (w == "cold" || w == "sync") return true;
    if (w == "until") ++c_.i;
    if (c_.value_follows()) ++c_.i;
    return true;
  }
  if (req.in_interleave && (w == "runs" || w == "until" || w == "faithful")) {
    c_.fail(it.loc,
            fmt::format("'{}' has no meaning inside 'interleave': the block's rounds and slices set the samples", w),
            "set them on the block: interleave rounds 10 slice 2 { … }", item_width(it));
    if (w == "until") ++c_.i;
    if (w != "faithful" && c_.value_follows()) ++c_.i;
    return true;
  }
  return false;
}

void MeasurementOptions::bind(const recipe::Item& it) {
  const std::string& w = it.word;
  c_.repeated(it, w);
  if (refused(it)) return;
  const BindRequest& req = c_.req;
  plan::Policy& p = c_.step.policy;
  std::string& text = c_.step.text;
  if (w == "cold") {
    p.cold = true;
    cold_ = &it;
    text += " cold";
    return;
  }
  if (w == "sync") {
    p.sync = true;
    text += " sync";
    return;
  }
  if (w == "cputime") {
    p.cpu_time = true;
    cputime_ = &it;
    text += " cputime";
    return;
  }
  if (w == "faithful") {
    // nbench 2.2.3's own rule: clock() CPU time, at least 5 s a sample, until ±5% in 5..30.
    faithful_ = &it;
    p.cpu_time = true;
    text += " faithful";
    return;
  }
  if (w == "until") return bind_until(it);
  const recipe::Item* vi = c_.value_item(it, w,
                                         w == "for"    ? "for 3s"
                                         : w == "runs" ? "runs 10 or runs 5..30"
                                                       : "warmup 2");
  if (!vi) return;
  if (w == "runs" && vi->kind == recipe::Item::Kind::expr && vi->expr.kind == lang::recipe::ExprKind::range)
    return bind_runs_range(*vi);
  if (w == "for") return bind_for(*vi);
  auto n = evaluate_count(vi->expr, req.scope, req.diags, w.c_str(), w == "runs" ? 1 : 0, 1'000'000);
  if (!n) {
    c_.failed = true;
    return;
  }
  if (w == "runs") {
    p.runs_min = p.runs_max = static_cast<std::uint32_t>(*n);
    runs_given_ = true;
    runs_item_ = vi;
  } else {
    p.warmup = static_cast<std::uint32_t>(*n);
  }
  text += fmt::format(" {} {}", w, *n);
}

void MeasurementOptions::bind_until(const recipe::Item& it) {
  if (c_.i + 1 >= c_.stmt.items.size() || c_.stmt.items[c_.i + 1].word != "ci") {
    c_.fail(it.loc, "expected 'ci' after 'until'", "write it like: until ci 5%", item_width(it));
    return;
  }
  ++c_.i;
  const recipe::Item* vi = c_.value_item(c_.stmt.items[c_.i], "until ci", "until ci 5%");
  if (!vi) return;
  auto v = c_.eval(*vi);
  if (!v) return;
  if (v->kind != Value::Kind::number || v->number.dim != lang::Dim::percent) {
    c_.fail(vi->loc, fmt::format("'until ci' needs a percentage, but {}", describe_value(*v)),
            "write it like: until ci 5%", item_width(*vi));
    return;
  }
  if (!(v->number.value > 0 && v->number.value < 100)) {  // NaN too
    c_.fail(vi->loc, "'until ci' needs a percentage between 0% and 100%", "for example: until ci 5%", item_width(*vi));
    return;
  }
  c_.step.policy.until_ci_pct = v->number.value;
  c_.step.text += fmt::format(" until ci {}", to_text(*v));
}

void MeasurementOptions::bind_runs_range(const recipe::Item& value) {
  const BindRequest& req = c_.req;
  auto lo = evaluate_count(value.expr.items.at(0), req.scope, req.diags, "runs", 1, 1'000'000);
  auto hi = evaluate_count(value.expr.items.at(1), req.scope, req.diags, "runs", 1, 1'000'000);
  if (!lo || !hi) {
    c_.failed = true;
    return;
  }
  if (*hi < *lo) {
    c_.fail(value.loc, fmt::format("'runs {}' ends before it starts", value.word), "write the smaller bound first",
            item_width(value));
    return;
  }
  c_.step.policy.runs_min = static_cast<std::uint32_t>(*lo);
  c_.step.policy.runs_max = static_cast<std::uint32_t>(*hi);
  runs_range_ = true;
  runs_range_item_ = &value;
  runs_item_ = &value;
  runs_given_ = true;
  c_.step.text += fmt::format(" runs {}..{}", *lo, *hi);
}

void MeasurementOptions::bind_for(const recipe::Item& value) {
  auto v = c_.eval(value);
  if (!v) return;
  if (c_.detached_unit(value, *v, lang::Dim::seconds, "for")) return;
  if (v->kind != Value::Kind::number || v->number.dim != lang::Dim::seconds) {
    c_.fail(value.loc, fmt::format("'for' needs a duration, but {}", describe_value(*v)),
            "write it like: for 3s or for 500ms", item_width(value));
    return;
  }
  if (!(v->number.value > 0 && v->number.value <= 24 * 3600)) {  // NaN too
    c_.fail(value.loc, "'for' needs a duration between 0 and 24h", {}, item_width(value));
    return;
  }
  c_.step.policy.for_seconds = v->number.value;
  c_.step.text += fmt::format(" for {}", to_text(*v));
}

void MeasurementOptions::complete(const kernels::KernelSpec& spec) {
  const BindRequest& req = c_.req;
  plan::Policy& p = c_.step.policy;
  if (faithful_ != nullptr) {
    if (p.for_seconds > 0 || p.until_ci_pct > 0 || runs_given_) {
      c_.fail(faithful_->loc, "'faithful' fixes the timing itself (for 5s cputime until ci 5% runs 5..30)",
              "drop 'for', 'until ci' and 'runs', or drop 'faithful'", item_width(*faithful_));
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
  if (req.in_group && !req.untimed && p.for_seconds <= 0) p.for_seconds = spec.measure.for_seconds;
  // The group's sample is timed as a whole, so there `cputime` can only decide what `for` counts.
  if (req.in_group && !req.untimed && cputime_ != nullptr && p.for_seconds <= 0) {
    c_.fail(cputime_->loc,
            "'cputime' inside 'time' or 'parallel' says what 'for' counts, and this statement has no 'for'",
            "add a duration (for 1s), or take the statement out of the block", item_width(*cputime_));
    return;
  }
  if (!req.in_group && !req.untimed) {
    const kernels::DefaultMeasure& d = spec.measure;
    if (p.for_seconds <= 0 && d.for_seconds > 0) p.for_seconds = d.for_seconds;
    if (p.until_ci_pct <= 0 && !runs_given_ && !req.in_interleave) {
      if (d.until_ci_pct > 0) {
        p.until_ci_pct = d.until_ci_pct;
      } else {
        p.runs_min = d.runs_min;
        p.runs_max = d.runs_max;
      }
    }
  }
  // Only `until ci` chooses a count within a range: without it the run stopped at MIN while the
  // plan told MAX.
  if (runs_range_ && p.until_ci_pct <= 0 && runs_range_item_ != nullptr) {
    c_.fail(
        runs_range_item_->loc,
        fmt::format("'runs {}' needs 'until ci P%', which decides where in the range to stop", runs_range_item_->word),
        "add until ci 5%, or give one count: runs 10", item_width(*runs_range_item_));
    return;
  }
  if (p.until_ci_pct > 0 && !runs_given_) {
    p.runs_min = 5;
    p.runs_max = 30;
  } else if (p.until_ci_pct > 0 && !runs_range_) {
    // `runs N` with `until ci` is the ceiling; nbench's floor of 5 stays where it fits.
    p.runs_min = std::min<std::uint32_t>(5, p.runs_max);
  }
  // One sample has no interval: the run would stop at it, its target never met.
  if (p.until_ci_pct > 0 && p.runs_max < 2 && runs_item_ != nullptr)
    c_.fail(runs_item_->loc, "'until ci' judges the interval of two samples or more, but 'runs' allows one",
            "allow more (runs 5..30), or drop 'until ci'", item_width(*runs_item_));
}

}  // namespace hwbench::runtime::check
