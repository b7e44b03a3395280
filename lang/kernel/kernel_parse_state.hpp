#pragma once
// The state of one kernel definition's parse (lang/kernel/kernel_parser.cpp): the definition so far and
// the stacks its actions push and pop as the rules of lang/kernel/kernel_grammar.hpp succeed.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <tao/pegtl.hpp>

#include "lang/common/source.hpp"
#include "lang/kernel/kernel_ast.hpp"

namespace hwbench::lang::kernel::grammar {

/// What the actions build, on stacks, while the parse runs; every position maps back to the recipe.
struct State {
  std::string_view text;  ///< the definition
  SourceLoc start;        ///< where it starts in the recipe
  KernelDef def;          ///< what has been read of it
  std::vector<KExpr> exprs;
  std::vector<std::pair<std::string, SourceLoc>> names;  ///< names waiting for their construct
  std::vector<std::pair<std::string, SourceLoc>> ops;    ///< binary operators waiting for their right side
  std::vector<KTypeRef> types;
  KTypeRef pending_type;
  std::vector<std::vector<KStmt>> open_blocks;
  std::vector<SourceLoc> open_braces;
  std::vector<std::vector<KStmt>> finished_blocks;
  std::vector<std::size_t> if_marks;  ///< finished_blocks.size() where each open `if` began
  bool let_has_init = false;
  bool assign_has_index = false;
  bool return_has_value = false;

  /// The recipe location of position `pos` of the definition.
  SourceLoc map(const tao::pegtl::position& pos) const {
    SourceLoc loc;
    loc.offset = start.offset + pos.byte;
    loc.line = start.line + static_cast<std::uint32_t>(pos.line) - 1;
    loc.column = pos.line == 1 ? start.column + static_cast<std::uint32_t>(pos.column) - 1
                               : static_cast<std::uint32_t>(pos.column);
    return loc;
  }

  /// Takes the expression last finished.
  KExpr pop_expr() {
    KExpr e = std::move(exprs.back());
    exprs.pop_back();
    return e;
  }
  /// Takes the name last read.
  std::pair<std::string, SourceLoc> pop_name() {
    auto n = std::move(names.back());
    names.pop_back();
    return n;
  }
  /// Takes the block last closed.
  std::vector<KStmt> pop_block() {
    auto b = std::move(finished_blocks.back());
    finished_blocks.pop_back();
    return b;
  }
  /// Appends `s` to the innermost open block.
  void add_statement(KStmt s) { open_blocks.back().push_back(std::move(s)); }
};

/// The recipe location where the input `in` of an action starts.
template <typename Input>
SourceLoc loc_of(const Input& in, const State& st) {
  return st.map(in.position());
}

}  // namespace hwbench::lang::kernel::grammar
