// The forms of the statements the grammar types in full (report, baseline, index, compare, settle): AstBuilder::form.
#include <optional>
#include <utility>
#include <vector>

#include "lang/recipe/ast_builder.hpp"

namespace hwbench::lang::recipe {

namespace {

Word word_of(const Item& item) { return {item.word, item.loc}; }

Term term_of(Item& item) {
  Term term{word_of(item), std::nullopt};
  if (item.kind == Item::Kind::expr) term.value = std::move(item.expr);
  return term;
}

/// The statement forms whose pieces come in roles: each piece in its field. (`pieces` is
/// AstBuilder's private vector of Piece, hence the deduced type.)
ReportStmt report_form(auto& pieces) {
  ReportStmt r;
  std::optional<SourceLoc> comma;
  for (auto& [what, item] : pieces) {
    switch (what) {
      case Role::report_table:
        r.table = word_of(item);
        break;
      case Role::report_head:
        r.head = word_of(item);
        break;
      case Role::report_with:
        r.with = word_of(item);
        break;
      case Role::report_comma:
        comma = item.loc;
        break;
      case Role::report_arg:
        r.args.push_back({term_of(item), comma});
        comma.reset();
        break;
      default:
        break;
    }
  }
  r.trailing_comma = comma;
  return r;
}

IndexStmt index_form(auto& pieces) {
  IndexStmt x;
  for (auto& [what, item] : pieces) {
    switch (what) {
      case Role::index_series:
        x.series.push_back(std::move(item.expr));
        break;
      case Role::index_baseline:
        x.baseline = word_of(item);
        break;
      case Role::index_scale:
        x.scale = std::move(item.expr);
        break;
      case Role::index_aggregate:
        x.aggregate = word_of(item);
        break;
      default:
        break;
    }
  }
  return x;
}

CompareStmt compare_form(auto& pieces) {
  CompareStmt c;
  for (auto& [what, item] : pieces) {
    switch (what) {
      case Role::compare_file:
        c.file = std::move(item.expr);
        break;
      case Role::compare_section:
        c.section = word_of(item);
        break;
      case Role::compare_with:
        c.with = word_of(item);
        break;
      case Role::compare_option:
        c.options.push_back({word_of(item), {}});
        break;
      case Role::compare_value:
        if (!c.options.empty()) c.options.back().value = term_of(item);
        break;
      default:
        break;
    }
  }
  return c;
}

SettleStmt settle_form(auto& pieces) {
  SettleStmt st;
  for (auto& [what, item] : pieces) {
    switch (what) {
      case Role::settle_until:
        st.until = word_of(item);
        break;
      case Role::settle_duration:
        st.duration = std::move(item.expr);
        break;
      case Role::settle_path:
        st.path = std::move(item.expr);
        break;
      case Role::settle_max:
        st.max = std::move(item.expr);
        break;
      default:
        break;
    }
  }
  return st;
}

}  // namespace

StmtForm AstBuilder::form(StmtKind kind, std::vector<Piece> pieces) {
  switch (kind) {
    case StmtKind::report:
      return report_form(pieces);
    case StmtKind::baseline: {
      BaselineStmt b;
      for (auto& [what, item] : pieces)
        if (what == Role::baseline_file) b.file = std::move(item.expr);
      return b;
    }
    case StmtKind::index:
      return index_form(pieces);
    case StmtKind::compare:
      return compare_form(pieces);
    case StmtKind::settle:
      return settle_form(pieces);
    default:
      return {};
  }
}

}  // namespace hwbench::lang::recipe
