#include "runtime/check/binders/settle_binder.hpp"

#include <fmt/format.h>

#include "runtime/check/binders/binding_cursor.hpp"

namespace hwbench::runtime::check {

namespace recipe = lang::recipe;

namespace {

constexpr const char* kExample = "write it like: settle 60s, or settle until stable max 120s";

std::uint32_t width_of(const recipe::Expr& e) {
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, e.text.size()));
}

/// The seconds `e` stands for, when it is a duration in (0, 1h]; otherwise an error that says
/// what `what` needs.
std::optional<double> duration(const recipe::Expr& e, const std::string& what, const SettleRequest& req) {
  auto v = evaluate(e, req.scope, req.diags);
  if (!v) return std::nullopt;
  if (v->kind != Value::Kind::number || v->number.dim != lang::Dim::seconds) {
    req.diags.error(e.loc, fmt::format("{} needs a duration, but {}", what, describe_value(*v)), kExample, width_of(e));
    return std::nullopt;
  }
  if (!(v->number.value > 0 && v->number.value <= kSettleMaxSeconds)) {  // NaN too
    req.diags.error(e.loc, fmt::format("{} needs a duration between 0 and 1h", what), kExample, width_of(e));
    return std::nullopt;
  }
  return v->number.value;
}

/// "disk:/quick_1GB" for a file in a location, else the absolute path.
std::string display_of(const std::string& path, const sandbox::PathResolver& resolver) {
  for (const auto& loc : resolver.locations())
    if (loc.unavailable.empty() && loc.path != "/" && sandbox::path_within(path, loc.path) && path != loc.path)
      return fmt::format("{}:{}", loc.name, path.substr(loc.path.size()));
  return path;
}

/// The file a `settle until stable` probes: the one named, or the largest that setup made.
bool choose_file(const recipe::Stmt& s, const recipe::SettleStmt& st, const SettleRequest& req, plan::Settle& out) {
  if (st.path) {
    const recipe::Expr& e = *st.path;
    auto v = evaluate(e, req.scope, req.diags);
    if (!v) return false;
    if (v->kind != Value::Kind::text) {
      req.diags.error(e.loc, fmt::format("'settle until stable' needs the path of a file, but {}", describe_value(*v)),
                      "write it like: settle until stable disk:/big max 60s", width_of(e));
      return false;
    }
    sandbox::PathError err;
    auto resolved = req.resolver.resolve(v->text, false, err);
    if (!resolved) {
      req.diags.add({lang::Severity::error, e.loc, err.message, err.hint, width_of(e), err.about_machine});
      return false;
    }
    if (!req.files.created(resolved->path)) {
      req.diags.error(
          e.loc, fmt::format("settle probes '{}' ({}), which setup does not create", resolved->display, resolved->path),
          "name a file that setup writes, or leave the path out to probe the largest of them", width_of(e));
      return false;
    }
    out.file = resolved->path;
    out.file_display = resolved->display;
  } else {
    const plan::PlannedFile* largest = nullptr;
    for (const auto& c : req.creates)
      if (req.files.created(c.path) && (largest == nullptr || c.size > largest->size)) largest = &c;
    if (largest == nullptr) {
      req.diags.error(s.loc, "'settle until stable' has no file to probe: setup creates none",
                      "write the files in setup first, or wait a fixed time: settle 60s", 6);
      return false;
    }
    out.file = largest->path;
    out.file_display = display_of(largest->path, req.resolver);
  }
  out.file_bytes = req.files.file_size(out.file).value_or(0);
  // The file does not exist yet (setup makes it); its directory does.
  if (const std::string fs = req.filesystem_type(sandbox::parent_of(out.file)); fs == "tmpfs" || fs == "ramfs") {
    const lang::SourceLoc where = st.path ? st.path->loc : s.loc;
    req.diags.error(
        where,
        fmt::format("settle would probe '{}', which is on a {}: its reads come from memory and never settle",
                    out.file_display, fs),
        "probe a file on the storage the recipe measures, or wait a fixed time: settle 60s",
        st.path ? width_of(*st.path) : 6);
    return false;
  }
  return true;
}

}  // namespace

std::optional<plan::Settle> bind_settle(const recipe::Stmt& s, const SettleRequest& req) {
  const auto& st = std::get<recipe::SettleStmt>(s.form);
  plan::Settle out;
  out.loc = s.loc;
  out.text = s.text;
  if (!st.until.given()) {
    auto seconds = st.duration ? duration(*st.duration, "'settle'", req) : std::nullopt;
    if (!seconds) return std::nullopt;
    out.mode = model::SettleMode::wait;
    out.seconds = *seconds;
    return out;
  }
  out.mode = model::SettleMode::until_stable;
  out.seconds = kSettleDefaultMax;
  bool ok = true;
  if (st.max) {
    auto seconds = duration(*st.max, "'max'", req);
    if (seconds)
      out.seconds = *seconds;
    else
      ok = false;
  }
  if (!choose_file(s, st, req, out)) ok = false;
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace hwbench::runtime::check
