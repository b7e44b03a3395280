#include "lang/recipe/parser.hpp"

#include <sstream>
#include <string>
#include <variant>

#include <doctest/doctest.h>
#include <fmt/format.h>

#include "lang/recipe/ast_query.hpp"

namespace hwbench::lang {

namespace {

// A compact, exact rendering of the AST, so that each test states a whole tree on one line:
//   number 10MB=10000000B (text=value+dim), string S["a ",$x], path P(loc:"/a",$i),
//   word W(x), var $x, list [a; b], range a..b, binary (a + b), negate -(a);
//   a statement is `kind name value items… {body | body}`.
std::string shape(const recipe::Expr& e);

std::string shape(const std::vector<recipe::TextPart>& parts) {
  std::string out;
  for (const auto& part : parts) {
    if (!out.empty()) out += ",";
    out += part.is_expr ? shape(part.expr.at(0)) : fmt::format("\"{}\"", part.text);
  }
  return out;
}

const char* dim_name(Dim d) {
  switch (d) {
    case Dim::none:
      return "";
    case Dim::bytes:
      return "B";
    case Dim::seconds:
      return "s";
    case Dim::percent:
      return "%";
  }
  return "?";
}

std::string shape(const recipe::Expr& e) {
  switch (e.kind) {
    case recipe::ExprKind::number:
      return fmt::format("{}={}{}", e.number.text, e.number.value, dim_name(e.number.dim));
    case recipe::ExprKind::string:
      return fmt::format("S[{}]", shape(e.parts));
    case recipe::ExprKind::path:
      return fmt::format("P({}:{})", e.name, shape(e.parts));
    case recipe::ExprKind::word:
      return fmt::format("W({})", e.name);
    case recipe::ExprKind::var:
      return "$" + e.name;
    case recipe::ExprKind::list: {
      std::string out = "[";
      for (std::size_t i = 0; i < e.items.size(); ++i) out += (i ? "; " : "") + shape(e.items[i]);
      return out + "]";
    }
    case recipe::ExprKind::range:
      return fmt::format("{}..{}", shape(e.items.at(0)), shape(e.items.at(1)));
    case recipe::ExprKind::binary:
      return fmt::format("({} {} {})", shape(e.items.at(0)), e.name, shape(e.items.at(1)));
    case recipe::ExprKind::negate:
      return fmt::format("-({})", shape(e.items.at(0)));
  }
  return "?";
}

std::string shape(const recipe::Item& item) {
  switch (item.kind) {
    case recipe::Item::Kind::word:
      return item.word;
    case recipe::Item::Kind::arrow:
      return "->";
    case recipe::Item::Kind::comma:
      return ",";
    case recipe::Item::Kind::expr:
      return shape(item.expr);
  }
  return "?";
}

const char* kind_name(recipe::StmtKind k) {
  switch (k) {
    case recipe::StmtKind::title:
      return "title";
    case recipe::StmtKind::source:
      return "source";
    case recipe::StmtKind::note:
      return "note";
    case recipe::StmtKind::location:
      return "location";
    case recipe::StmtKind::let:
      return "let";
    case recipe::StmtKind::repeat:
      return "repeat";
    case recipe::StmtKind::for_:
      return "for";
    case recipe::StmtKind::setup:
      return "setup";
    case recipe::StmtKind::teardown:
      return "teardown";
    case recipe::StmtKind::series:
      return "series";
    case recipe::StmtKind::time:
      return "time";
    case recipe::StmtKind::parallel:
      return "parallel";
    case recipe::StmtKind::interleave:
      return "interleave";
    case recipe::StmtKind::kernel:
      return "kernel";
    case recipe::StmtKind::report:
      return "report";
    case recipe::StmtKind::baseline:
      return "baseline";
    case recipe::StmtKind::index:
      return "index";
    case recipe::StmtKind::compare:
      return "compare";
    case recipe::StmtKind::kernel_def:
      return "kernel-def";
    case recipe::StmtKind::if_:
      return "if";
    case recipe::StmtKind::branch:
      return "branch";
    case recipe::StmtKind::settle:
      return "settle";
    case recipe::StmtKind::section:
      return "section";
  }
  return "?";
}

std::string shape(const recipe::Stmt& s);

std::string shape(const std::vector<recipe::Stmt>& stmts) {
  std::string out;
  for (const auto& s : stmts) out += (out.empty() ? "" : " | ") + shape(s);
  return out;
}

std::string shape(const recipe::Term& t) { return t.value ? shape(*t.value) : t.word.text; }

// A typed statement's parts in source order, as its items used to read:
//   report [table] HEAD [with] ARG [, ARG]…   baseline NAME from FILE
//   index LABEL geomean ( S , S ) vs NAME [scale K] [using AGG]   compare with FILE [NAME VALUE]…
std::string shape(const recipe::StmtForm& form) {
  struct Visitor {
    std::string operator()(const std::monostate&) const { return ""; }
    std::string operator()(const recipe::ReportStmt& r) const {
      std::string out;
      if (r.table.given()) out += " " + r.table.text;
      out += " " + r.head.text;
      if (r.with.given()) out += " " + r.with.text;
      for (const auto& arg : r.args) out += (arg.comma ? " , " : " ") + shape(arg.term);
      if (r.trailing_comma) out += " ,";
      return out;
    }
    std::string operator()(const recipe::BaselineStmt& b) const { return " from " + shape(b.file); }
    std::string operator()(const recipe::IndexStmt& x) const {
      std::string out = " " + shape(x.label) + " geomean (";
      for (std::size_t i = 0; i < x.series.size(); ++i) out += (i ? " , " : " ") + shape(x.series[i]);
      out += " ) vs " + x.baseline.text;
      if (x.scale) out += " scale " + shape(*x.scale);
      if (x.aggregate.given()) out += " using " + x.aggregate.text;
      return out;
    }
    std::string operator()(const recipe::CompareStmt& c) const {
      std::string out = c.with.given() ? " with " + shape(c.file) : "";
      for (const auto& option : c.options) out += " " + option.name.text + " " + shape(option.value);
      return out;
    }
    std::string operator()(const recipe::SettleStmt& st) const {
      std::string out;
      if (st.duration) out += " " + shape(*st.duration);
      if (st.until.given()) out += " until stable";
      if (st.path) out += " " + shape(*st.path);
      if (st.max) out += " max " + shape(*st.max);
      return out;
    }
  };
  return std::visit(Visitor{}, form);
}

std::string shape(const recipe::Stmt& s) {
  std::string out = kind_name(s.kind);
  if (!s.name.empty()) out += " " + s.name;
  if (!s.value.text.empty()) out += " " + shape(s.value);
  for (const auto& item : s.items) out += " " + shape(item);
  out += shape(s.form);
  if (!s.body.empty()) out += " {" + shape(s.body) + "}";
  return out;
}

recipe::Recipe parse_ok(const std::string& text) {
  Source source{"t.bench", text};
  Diagnostics diags;
  auto recipe = recipe::parse(source, diags);
  std::ostringstream rendered;
  diags.render(source, rendered);
  INFO(rendered.str());
  REQUIRE(recipe.has_value());
  REQUIRE(diags.all().empty());
  return *recipe;
}

/// Every top-level statement's shape, one per line.
std::string shapes(const std::string& text) {
  std::string out;
  for (const auto& s : parse_ok(text).statements) out += shape(s) + "\n";
  return out;
}

/// The value of `let x = TEXT`.
recipe::Expr let_value(const std::string& text) {
  auto recipe = parse_ok("let x = " + text);
  REQUIRE(recipe.statements.size() == 1);
  return recipe.statements[0].value;
}

void check_loc(SourceLoc loc, std::uint32_t line, std::uint32_t column, std::size_t offset) {
  CHECK(loc.line == line);
  CHECK(loc.column == column);
  CHECK(loc.offset == offset);
}

TEST_CASE("parser: the verbatim sentence gives repeat and report") {
  auto recipe = parse_ok("repeat 10 cp ramdisk:/10m_$i -> /st1/test; report MB/s mean");
  REQUIRE(recipe.statements.size() == 2);

  const auto& repeat = recipe.statements[0];
  CHECK(repeat.kind == recipe::StmtKind::repeat);
  CHECK(repeat.text == "repeat 10 cp ramdisk:/10m_$i -> /st1/test");
  check_loc(repeat.loc, 1, 1, 0);
  CHECK(repeat.value.kind == recipe::ExprKind::number);
  CHECK(repeat.value.number.value == 10);
  CHECK(repeat.value.number.dim == Dim::none);
  REQUIRE(repeat.body.size() == 1);

  const auto& cp = repeat.body[0];
  CHECK(cp.kind == recipe::StmtKind::kernel);
  CHECK(cp.name == "cp");
  check_loc(cp.name_loc, 1, 11, 10);
  CHECK(cp.text == "cp ramdisk:/10m_$i -> /st1/test");
  REQUIRE(cp.items.size() == 3);
  CHECK(cp.items[0].kind == recipe::Item::Kind::expr);
  CHECK(cp.items[0].word == "ramdisk:/10m_$i");
  const auto& from = cp.items[0].expr;
  CHECK(from.kind == recipe::ExprKind::path);
  CHECK(from.name == "ramdisk");
  REQUIRE(from.parts.size() == 2);
  CHECK_FALSE(from.parts[0].is_expr);
  CHECK(from.parts[0].text == "/10m_");
  CHECK(from.parts[1].is_expr);
  CHECK(from.parts[1].expr.at(0).kind == recipe::ExprKind::var);
  CHECK(from.parts[1].expr.at(0).name == "i");
  CHECK(cp.items[1].kind == recipe::Item::Kind::arrow);
  CHECK(cp.items[1].word == "->");
  check_loc(cp.items[1].loc, 1, 30, 29);
  const auto& to = cp.items[2].expr;
  CHECK(to.kind == recipe::ExprKind::path);
  CHECK(to.name == "");
  REQUIRE(to.parts.size() == 1);
  CHECK(to.parts[0].text == "/st1/test");

  const auto& report = recipe.statements[1];
  CHECK(report.kind == recipe::StmtKind::report);
  CHECK(report.text == "report MB/s mean");
  check_loc(report.loc, 1, 44, 43);
  CHECK(shape(report) == "report MB/s mean");
  const auto& form = std::get<recipe::ReportStmt>(report.form);
  CHECK(form.head.text == "MB/s");
  check_loc(form.head.loc, 1, 51, 50);
  REQUIRE(form.args.size() == 1);
  CHECK(form.args[0].term.word.text == "mean");
  CHECK_FALSE(form.args[0].term.value.has_value());
  check_loc(form.args[0].term.word.loc, 1, 56, 55);
}

TEST_CASE("parser: metadata statements") {
  CHECK(shapes("title \"cp read/write\"\nsource \"c't 1/2003\"\nnote \"run as $user\"") ==
        "title S[\"cp read/write\"]\n"
        "source S[\"c't 1/2003\"]\n"
        "note S[\"run as \",$user]\n");
  auto recipe = parse_ok("title  \"x\"   # trailing comment");
  CHECK(recipe.statements[0].kind == recipe::StmtKind::title);
  CHECK(recipe.statements[0].text == "title  \"x\"");
  CHECK(recipe.statements[0].value.text == "\"x\"");
  check_loc(recipe.statements[0].value.loc, 1, 8, 7);
}

TEST_CASE("parser: location with a quoted or a bare path") {
  auto recipe = parse_ok("location st1 = \"/st1/test\"\nlocation raid = /mnt/raid\nlocation here=./data");
  REQUIRE(recipe.statements.size() == 3);
  CHECK(recipe.statements[0].kind == recipe::StmtKind::location);
  CHECK(recipe.statements[0].name == "st1");
  check_loc(recipe.statements[0].name_loc, 1, 10, 9);
  CHECK(shape(recipe.statements[0]) == "location st1 S[\"/st1/test\"]");
  CHECK(shape(recipe.statements[1]) == "location raid P(:\"/mnt/raid\")");
  CHECK(shape(recipe.statements[2]) == "location here P(:\"./data\")");
  CHECK(recipe.statements[2].text == "location here=./data");
}

TEST_CASE("parser: let and expressions") {
  CHECK(shape(let_value("1 + 2 * 3")) == "(1=1 + (2=2 * 3=3))");
  CHECK(shape(let_value("(1 + 2) * 3")) == "((1=1 + 2=2) * 3=3)");
  CHECK(shape(let_value("8 - 2 - 1")) == "((8=8 - 2=2) - 1=1)");
  CHECK(shape(let_value("-$x / 2")) == "(-($x) / 2=2)");
  CHECK(shape(let_value("- (1 + 2)")) == "-((1=1 + 2=2))");
  CHECK(shape(let_value("$size * 2")) == "($size * 2=2)");
  CHECK(shape(let_value("${n} + 1")) == "($n + 1=1)");
  CHECK(shape(let_value("random")) == "W(random)");
  CHECK(shape(let_value("aes-128-cbc")) == "W(aes-128-cbc)");
  CHECK(shape(let_value("a - b")) == "(W(a) - W(b))");
  CHECK(shape(let_value("\"x\" + $y")) == "(S[\"x\"] + $y)");
  CHECK(shape(let_value("[10MB, 100MB]")) == "[10MB=10000000B; 100MB=100000000B]");
  CHECK(shape(let_value("1..$n")) == "1=1..$n");
  CHECK(shape(let_value("ramdisk:/big")) == "P(ramdisk:\"/big\")");
  CHECK(shape(let_value("(1 +\n 2)")) == "(1=1 + 2=2)");

  auto recipe = parse_ok("let total = $a + 2 * $b");
  const auto& let = recipe.statements[0];
  CHECK(let.kind == recipe::StmtKind::let);
  CHECK(let.name == "total");
  check_loc(let.name_loc, 1, 5, 4);
  CHECK(let.value.text == "$a + 2 * $b");
  check_loc(let.value.loc, 1, 13, 12);
  CHECK(let.value.items.at(1).text == "2 * $b");
  check_loc(let.value.items.at(1).loc, 1, 18, 17);
}

TEST_CASE("parser: repeat with a statement or a block") {
  CHECK(shapes("repeat 3 cp a -> b\n"
               "repeat $n { cp a -> b; rm b }\n"
               "repeat ${n * 2} {\n  cp a -> b\n}\n"
               "repeat (2 + 1) rm x\n") ==
        "repeat 3=3 {kernel cp a -> b}\n"
        "repeat $n {kernel cp a -> b | kernel rm b}\n"
        "repeat ($n * 2=2) {kernel cp a -> b}\n"
        "repeat (2=2 + 1=1) {kernel rm x}\n");
  auto recipe = parse_ok("repeat ${n * 2} {\n  cp a -> b\n}  # done\n");
  CHECK(recipe.statements[0].value.text == "${n * 2}");
  check_loc(recipe.statements[0].value.loc, 1, 8, 7);
  CHECK(recipe.statements[0].text == "repeat ${n * 2} {\n  cp a -> b\n}");
}

TEST_CASE("parser: if with else and else if, each branch holds its comparison") {
  CHECK(shapes("if $cpus > 1 { nop }\n"
               "if $a == full { nop } else { rm b; nop }\n"
               "if 2 * $n <= 10MB {\n  nop\n} else if $x != \"y\" {\n  if 1 >= 2 { nop }\n} else { }\n") ==
        "if {branch ($cpus > 1=1) {kernel nop}}\n"
        "if {branch ($a == W(full)) {kernel nop} | branch {kernel rm b | kernel nop}}\n"
        "if {branch ((2=2 * $n) <= 10MB=10000000B) {kernel nop} | branch ($x != S[\"y\"]) {if {branch (1=1 >= 2=2) "
        "{kernel nop}}} | branch}\n");
  auto recipe = parse_ok("if $cpus > 1 {\n  nop\n}  # done\n");
  CHECK(recipe.statements[0].body.at(0).value.text == "$cpus > 1");
  check_loc(recipe.statements[0].body.at(0).value.loc, 1, 4, 3);
  CHECK(recipe.statements[0].text == "if $cpus > 1 {\n  nop\n}");
  // `if` and `else` are keywords only as whole words: `iffy` and `elsewhere` stay kernel names.
  CHECK(shapes("iffy x\nelsewhere y\n") == "kernel iffy x\nkernel elsewhere y\n");
}

TEST_CASE("parser: for over lists and ranges") {
  CHECK(shapes("for size in [10MB, 100MB] { cp a -> b }\n"
               "for i in 1..10 rm /x/$i\n"
               "for i in $lo..$hi rm x\n"
               "for alg in $algs digest $alg\n"
               "for i in (1..3) rm x\n") ==
        "for size [10MB=10000000B; 100MB=100000000B] {kernel cp a -> b}\n"
        "for i 1=1..10=10 {kernel rm P(:\"/x/\",$i)}\n"
        "for i $lo..$hi {kernel rm x}\n"
        "for alg $algs {kernel digest $alg}\n"
        "for i 1=1..3=3 {kernel rm x}\n");
  auto recipe = parse_ok("for size in [10MB, 100MB] { cp a -> b }");
  CHECK(recipe.statements[0].name == "size");
  check_loc(recipe.statements[0].name_loc, 1, 5, 4);
}

TEST_CASE("parser: setup, teardown, series, time and parallel") {
  CHECK(shapes("setup { write disk:/big size 1GiB }\n"
               "teardown { rm ramdisk:/*MB_* ; rm st1:/*MB_* }\n"
               "series \"read $size\" repeat 10 cp st1:/${size}_$i -> ramdisk: cold\n"
               "series \"both\" {\n  cp a -> b\n  cp b -> a\n}\n"
               "time \"copy\" { cp a -> b }\n"
               "parallel 4 { time \"w $worker\" { cp a -> b } }\n") ==
        "setup {kernel write P(disk:\"/big\") size 1GiB=1073741824B}\n"
        "teardown {kernel rm P(ramdisk:\"/*MB_*\") | kernel rm P(st1:\"/*MB_*\")}\n"
        "series S[\"read \",$size] {repeat 10=10 {kernel cp P(st1:\"/\",$size,\"_\",$i) -> P(ramdisk:) cold}}\n"
        "series S[\"both\"] {kernel cp a -> b | kernel cp b -> a}\n"
        "time S[\"copy\"] {kernel cp a -> b}\n"
        "parallel 4=4 {time S[\"w \",$worker] {kernel cp a -> b}}\n");
}

TEST_CASE("parser: interleave blocks, their options and the bare compare inside") {
  CHECK(shapes("interleave {\n  series \"a\" syscall\n  nop\n  compare\n}\n"
               "interleave rounds 6 slice 500ms { syscall ; nop ; compare effect 2% digits 4 }\n") ==
        "interleave {series S[\"a\"] {kernel syscall} | kernel nop | compare}\n"
        "interleave rounds 6=6 slice 500ms=0.5s {kernel syscall | kernel nop | compare effect 2%=2% digits 4=4}\n");
}

TEST_CASE("parser: kernel statements from LANGUAGE.md") {
  CHECK(shapes("cp ramdisk:/10m_$i -> /st1/test\n"
               "cp st1:/100m_$i -> ramdisk: cold\n"
               "write disk:/big size 1GiB block 8KiB sync\n"
               "digest sha256 block 8192 for 3s\n"
               "cipher aes-128-cbc block 16 for 3s\n"
               "nbench numeric_sort until ci 5% runs 5..30\n"
               "write st1:/${size}_$i size $size random\n"
               "rm ramdisk:/*MB_*\n"
               "cp a->b\n") ==
        "kernel cp P(ramdisk:\"/10m_\",$i) -> P(:\"/st1/test\")\n"
        "kernel cp P(st1:\"/100m_\",$i) -> P(ramdisk:) cold\n"
        "kernel write P(disk:\"/big\") size 1GiB=1073741824B block 8KiB=8192B sync\n"
        "kernel digest sha256 block 8192=8192 for 3s=3s\n"
        "kernel cipher aes-128-cbc block 16=16 for 3s=3s\n"
        "kernel nbench numeric_sort until ci 5%=5% runs 5=5..30=30\n"
        "kernel write P(st1:\"/\",$size,\"_\",$i) size $size random\n"
        "kernel rm P(ramdisk:\"/*MB_*\")\n"
        "kernel cp a -> b\n");
  auto recipe = parse_ok("cipher aes-128-cbc block 16 for 3s");
  const auto& s = recipe.statements[0];
  CHECK(s.name == "cipher");
  REQUIRE(s.items.size() == 5);
  CHECK(s.items[0].kind == recipe::Item::Kind::word);
  CHECK(s.items[0].word == "aes-128-cbc");
  check_loc(s.items[0].loc, 1, 8, 7);
  CHECK(s.items[2].kind == recipe::Item::Kind::expr);
  CHECK(s.items[2].word == "16");
  CHECK(s.items[4].word == "3s");
  CHECK(s.items[4].expr.number.value == 3);
  CHECK(s.items[4].expr.number.dim == Dim::seconds);
}

TEST_CASE("parser: keywords need a boundary, kernels may look like them") {
  CHECK(shapes("reporting x\nfor-each y\ntimes 3\nrepeat_x\n") ==
        "kernel reporting x\nkernel for-each y\nkernel times 3=3\nkernel repeat_x\n");
}

TEST_CASE("parser: report items") {
  CHECK(shapes("report MB/s mean, median, stdev, min, max\n"
               "report table MB/s with mean\n"
               "report nbench\n"
               "report KiB/s iter/s ops/s k lps\n") ==
        "report MB/s mean , median , stdev , min , max\n"
        "report table MB/s with mean\n"
        "report nbench\n"
        "report KiB/s iter/s ops/s k lps\n");
  auto recipe = parse_ok("report MB/s mean, median");
  CHECK(recipe.statements[0].items.empty());
  const auto& form = std::get<recipe::ReportStmt>(recipe.statements[0].form);
  CHECK_FALSE(form.table.given());
  CHECK(form.head.text == "MB/s");
  CHECK_FALSE(form.with.given());
  REQUIRE(form.args.size() == 2);
  CHECK(form.args[0].term.word.text == "mean");
  CHECK_FALSE(form.args[0].comma.has_value());
  CHECK(form.args[1].term.word.text == "median");
  REQUIRE(form.args[1].comma.has_value());
  check_loc(*form.args[1].comma, 1, 17, 16);
  check_loc(form.args[1].term.word.loc, 1, 19, 18);
}

TEST_CASE("parser: baseline, index and compare are typed") {
  auto recipe = parse_ok(
      "baseline k6 from \"baselines/nbench.toml\"\n"
      "index \"INTEGER INDEX\" = geomean(\"NUMERIC SORT\", \"FP EMULATION\") vs k6 scale 100\n"
      "compare with \"old.json\"\n");
  REQUIRE(recipe.statements.size() == 3);
  CHECK(recipe.statements[0].kind == recipe::StmtKind::baseline);
  CHECK(recipe.statements[0].name == "k6");
  check_loc(recipe.statements[0].name_loc, 1, 10, 9);
  CHECK(shape(recipe.statements[0]) == "baseline k6 from S[\"baselines/nbench.toml\"]");
  CHECK(recipe.statements[1].kind == recipe::StmtKind::index);
  CHECK(shape(recipe.statements[1]) ==
        "index S[\"INTEGER INDEX\"] geomean ( S[\"NUMERIC SORT\"] , S[\"FP EMULATION\"] ) vs k6 scale 100=100");
  const auto& index = std::get<recipe::IndexStmt>(recipe.statements[1].form);
  REQUIRE(index.series.size() == 2);
  CHECK(index.series[0].text == "\"NUMERIC SORT\"");
  check_loc(index.series[0].loc, 2, 33, 73);
  CHECK(index.series[1].text == "\"FP EMULATION\"");
  check_loc(index.series[1].loc, 2, 49, 89);
  CHECK(index.baseline.text == "k6");
  check_loc(index.baseline.loc, 2, 68, 108);
  CHECK(recipe.statements[2].kind == recipe::StmtKind::compare);
  CHECK(shape(recipe.statements[2]) == "compare with S[\"old.json\"]");
}

TEST_CASE("parser: report forms: table, with, options, values and a trailing comma") {
  CHECK(shapes("report table MB/s with mean, median\n"
               "report MB/s with mean\n"
               "report nbench old p90 new k6\n"
               "report bonnie version 1.96 machine \"box\"\n"
               "report MB/s mean,   # a comment\n"
               "report ops/s mean,median ; report tables x\n"
               "report table/s mean\n") ==
        "report table MB/s with mean , median\n"
        "report MB/s with mean\n"
        "report nbench old p90 new k6\n"
        "report bonnie version 1.96=1.96 machine S[\"box\"]\n"
        "report MB/s mean ,\n"
        "report ops/s mean , median\n"
        "report tables x\n"
        "report table/s mean\n");
  auto recipe = parse_ok("report table  KiB/s with  min");
  const auto& table = std::get<recipe::ReportStmt>(recipe.statements.at(0).form);
  CHECK(table.table.text == "table");
  check_loc(table.table.loc, 1, 8, 7);
  CHECK(table.head.text == "KiB/s");
  check_loc(table.head.loc, 1, 15, 14);
  CHECK(table.with.text == "with");
  check_loc(table.with.loc, 1, 21, 20);
  REQUIRE(table.args.size() == 1);
  check_loc(table.args[0].term.word.loc, 1, 27, 26);
  CHECK_FALSE(table.trailing_comma.has_value());

  auto named = parse_ok("report bonnie version 1.97 machine \"a b\",");
  const auto& bonnie = std::get<recipe::ReportStmt>(named.statements.at(0).form);
  CHECK(bonnie.head.text == "bonnie");
  REQUIRE(bonnie.args.size() == 4);
  REQUIRE(bonnie.args[1].term.value.has_value());
  CHECK(bonnie.args[1].term.value->kind == recipe::ExprKind::number);
  CHECK(bonnie.args[1].term.word.text == "1.97");
  CHECK(bonnie.args[3].term.word.text == "\"a b\"");
  check_loc(bonnie.args[3].term.word.loc, 1, 36, 35);
  REQUIRE(bonnie.trailing_comma.has_value());
  check_loc(*bonnie.trailing_comma, 1, 41, 40);
}

TEST_CASE("parser: baseline, index and compare forms and their places") {
  CHECK(shapes("baseline p90 from ./nbench.toml\n"
               "baseline b from $dir   # where\n"
               "index \"I $n\" = geomean ( \"A\" , $s, ) vs k6 scale ${2 * 5} using unixbench\n"
               "index \"J\" = geomean(\"A\")vs k6\n"
               "compare with \"a.toml\" ratio truncate digits 2 suffix \"x\" unit \"ops/s\"\n"
               "compare with ./old.json\n") ==
        "baseline p90 from P(:\"./nbench.toml\")\n"
        "baseline b from $dir\n"
        "index S[\"I \",$n] geomean ( S[\"A\"] , $s ) vs k6 scale (2=2 * 5=5) using unixbench\n"
        "index S[\"J\"] geomean ( S[\"A\"] ) vs k6\n"
        "compare with S[\"a.toml\"] ratio truncate digits 2=2 suffix S[\"x\"] unit S[\"ops/s\"]\n"
        "compare with P(:\"./old.json\")\n");

  auto recipe = parse_ok(
      "baseline k6 from \"b.toml\"\nindex \"I\" = geomean(\"A\") vs k6 scale 10 using mean\n"
      "compare with \"a.json\" digits 3\n");
  const auto& baseline = recipe.statements.at(0);
  CHECK(baseline.items.empty());
  CHECK(std::get<recipe::BaselineStmt>(baseline.form).file.text == "\"b.toml\"");
  check_loc(std::get<recipe::BaselineStmt>(baseline.form).file.loc, 1, 18, 17);

  const auto& index = recipe.statements.at(1);
  CHECK(index.text == "index \"I\" = geomean(\"A\") vs k6 scale 10 using mean");
  const auto& x = std::get<recipe::IndexStmt>(index.form);
  CHECK(x.label.text == "\"I\"");
  check_loc(x.label.loc, 2, 7, 32);
  check_loc(x.baseline.loc, 2, 29, 54);
  REQUIRE(x.scale.has_value());
  CHECK(x.scale->number.value == 10);
  check_loc(x.scale->loc, 2, 38, 63);
  CHECK(x.aggregate.text == "mean");
  check_loc(x.aggregate.loc, 2, 47, 72);

  const auto& c = std::get<recipe::CompareStmt>(recipe.statements.at(2).form);
  check_loc(c.file.loc, 3, 14, 90);
  REQUIRE(c.options.size() == 1);
  CHECK(c.options[0].name.text == "digits");
  check_loc(c.options[0].name.loc, 3, 23, 99);
  CHECK(c.options[0].value.word.text == "3");
  check_loc(c.options[0].value.word.loc, 3, 30, 106);

  auto ratio = parse_ok("compare with \"a.json\" ratio round");
  const auto& round = std::get<recipe::CompareStmt>(ratio.statements.at(0).form).options.at(0).value;
  CHECK(round.word.text == "round");
  CHECK_FALSE(round.value.has_value());
}

TEST_CASE("parser: a typed statement mentions the variables of its values") {
  auto recipe = parse_ok(
      "index \"I\" = geomean(\"A $i\") vs k6\ncompare with \"a\" suffix $s\nreport perl style $y\n"
      "baseline b from $f\nindex \"I\" = geomean(\"A\") vs k6 scale $k\n");
  CHECK(recipe::mentions_variable(recipe.statements.at(0), "i"));
  CHECK_FALSE(recipe::mentions_variable(recipe.statements.at(0), "k6"));
  CHECK(recipe::mentions_variable(recipe.statements.at(1), "s"));
  CHECK(recipe::mentions_variable(recipe.statements.at(2), "y"));
  CHECK(recipe::mentions_variable(recipe.statements.at(3), "f"));
  CHECK(recipe::mentions_variable(recipe.statements.at(4), "k"));
}

TEST_CASE("parser: number suffixes give base values") {
  struct Case {
    const char* text;
    double value;
    Dim dim;
  };
  const Case cases[] = {
      {"10", 10, Dim::none},
      {"2.5", 2.5, Dim::none},
      {"1e6", 1e6, Dim::none},
      {"1.5E-3", 1.5e-3, Dim::none},
      {"200k", 200000, Dim::none},
      {"3M", 3e6, Dim::none},
      {"2G", 2e9, Dim::none},
      {"7B", 7, Dim::bytes},
      {"10KB", 1e4, Dim::bytes},
      {"10MB", 1e7, Dim::bytes},
      {"10GB", 1e10, Dim::bytes},
      {"10TB", 1e13, Dim::bytes},
      {"10KiB", 10240, Dim::bytes},
      {"10MiB", 10485760, Dim::bytes},
      {"10GiB", 10737418240.0, Dim::bytes},
      {"10TiB", 10995116277760.0, Dim::bytes},
      {"2.5MiB", 2621440, Dim::bytes},
      {"5ns", 5e-9, Dim::seconds},
      {"5us", 5e-6, Dim::seconds},
      {"2.5ms", 0.0025, Dim::seconds},
      {"3s", 3, Dim::seconds},
      {"2min", 120, Dim::seconds},
      {"1h", 3600, Dim::seconds},
      {"5%", 5, Dim::percent},
      {"1e3ms", 1, Dim::seconds},
  };
  for (const auto& c : cases) {
    CAPTURE(c.text);
    auto e = let_value(c.text);
    CHECK(e.kind == recipe::ExprKind::number);
    CHECK(e.number.value == c.value);
    CHECK(e.number.dim == c.dim);
    CHECK(e.number.text == c.text);
    CHECK(e.text == c.text);
  }
}

TEST_CASE("parser: strings interpolate and unescape") {
  CHECK(shape(let_value("\"read $size\"")) == "S[\"read \",$size]");
  CHECK(shape(let_value("\"${size}_$i.dat\"")) == "S[$size,\"_\",$i,\".dat\"]");
  CHECK(shape(let_value("\"x ${n + 1} y\"")) == "S[\"x \",($n + 1=1),\" y\"]");
  CHECK(shape(let_value("\"$a_b-c\"")) == "S[$a_b,\"-c\"]");
  CHECK(shape(let_value("\"\"")) == "S[]");
  CHECK(shape(let_value("\"caf\xC3\xA9 # not a comment\"")) == "S[\"caf\xC3\xA9 # not a comment\"]");
  auto escaped = let_value(R"("cost \$5 \"q\" \\ a\tb\n")");
  REQUIRE(escaped.parts.size() == 1);
  CHECK(escaped.parts[0].text == "cost $5 \"q\" \\ a\tb\n");
  CHECK(escaped.text == R"("cost \$5 \"q\" \\ a\tb\n")");

  auto braced = let_value("\"a${size}\"");
  REQUIRE(braced.parts.size() == 2);
  const auto& var = braced.parts[1].expr.at(0);
  CHECK(var.kind == recipe::ExprKind::var);
  CHECK(var.name == "size");
  CHECK(var.text == "${size}");
  check_loc(var.loc, 1, 11, 10);
  auto plain = let_value("\"a$size\"");
  CHECK(plain.parts[1].expr.at(0).text == "$size");
  check_loc(plain.parts[1].expr.at(0).loc, 1, 11, 10);
}

TEST_CASE("parser: each path form") {
  CHECK(shape(let_value("/st1/test")) == "P(:\"/st1/test\")");
  CHECK(shape(let_value("./data/x")) == "P(:\"./data/x\")");
  CHECK(shape(let_value("../up")) == "P(:\"../up\")");
  CHECK(shape(let_value("ramdisk:")) == "P(ramdisk:)");
  CHECK(shape(let_value("ramdisk:/10m_$i")) == "P(ramdisk:\"/10m_\",$i)");
  CHECK(shape(let_value("st1:/copy_${size}_$i")) == "P(st1:\"/copy_\",$size,\"_\",$i)");
  CHECK(shape(let_value("my-disk:/a?b*")) == "P(my-disk:\"/a?b*\")");
  CHECK(shape(let_value("/x/${n + 1}.dat")) == "P(:\"/x/\",($n + 1=1),\".dat\")");
  // A path ends at a blank or one of ; } ) ] , " #
  CHECK(shapes("cp /a,/b;rm /c#x\nsetup {rm /d}\n") ==
        "kernel cp P(:\"/a\") , P(:\"/b\")\nkernel rm P(:\"/c\")\nsetup {kernel rm P(:\"/d\")}\n");
  auto path = let_value("ramdisk:/10m_$i");
  CHECK(path.text == "ramdisk:/10m_$i");
  check_loc(path.loc, 1, 9, 8);
}

TEST_CASE("parser: lists and ranges") {
  CHECK(shape(let_value("[]")) == "[]");
  CHECK(shape(let_value("[1]")) == "[1=1]");
  CHECK(shape(let_value("[1, 2,]")) == "[1=1; 2=2]");
  CHECK(shape(let_value("[[1, 2], [3]]")) == "[[1=1; 2=2]; [3=3]]");
  CHECK(shape(let_value("[sha256, \"md5\", $x, 1..3]")) == "[W(sha256); S[\"md5\"]; $x; 1=1..3=3]");
  CHECK(shape(let_value("[\n  16,   # small\n  64,\n\n  256\n]")) == "[16=16; 64=64; 256=256]");
  CHECK(shape(let_value("[1 +\n 2]")) == "[(1=1 + 2=2)]");
  CHECK(shape(let_value("1..10")) == "1=1..10=10");
  CHECK(shape(let_value("5..${n * 2}")) == "5=5..($n * 2=2)");
  CHECK(shape(let_value("1KiB..1MiB")) == "1KiB=1024B..1MiB=1048576B");
  auto range = let_value("$lo..30");
  CHECK(range.kind == recipe::ExprKind::range);
  CHECK(range.text == "$lo..30");
  check_loc(range.loc, 1, 9, 8);
  check_loc(range.items.at(1).loc, 1, 14, 13);
  auto list = parse_ok("cp [16, 64,\n 256] x").statements.at(0);
  CHECK(list.text == "cp [16, 64,\n 256] x");
  CHECK(list.items.at(0).word == "[16, 64,\n 256]");
}

TEST_CASE("parser: comments, semicolons, empty statements, CRLF and a BOM") {
  CHECK(shapes("# a comment\n\n;;  ; cp a # comment ; not a statement\n\t\n  rm b;rm c;\n") ==
        "kernel cp a\nkernel rm b\nkernel rm c\n");
  auto crlf = parse_ok("title \"x\"\r\nsetup {\r\n  cp a -> b\r\n}\r\n\r\nreport MB/s mean\r\n");
  REQUIRE(crlf.statements.size() == 3);
  CHECK(crlf.statements[0].text == "title \"x\"");
  CHECK(shape(crlf.statements[1]) == "setup {kernel cp a -> b}");
  CHECK(crlf.statements[1].body[0].text == "cp a -> b");
  CHECK(crlf.statements[2].text == "report MB/s mean");
  check_loc(crlf.statements[2].loc, 6, 1, 38);
  CHECK(shapes("\xEF\xBB\xBF"
               "cp a\n") == "kernel cp a\n");
  CHECK(shapes("") == "");
  CHECK(shapes("\n# only a comment") == "");
}

TEST_CASE("parser: statement text and locations of nested statements") {
  auto recipe = parse_ok(
      "for size in [10MB, 100MB] {\n"
      "  series \"read $size\"  repeat 10 cp st1:/${size}_$i -> ramdisk: cold   # read\n"
      "}\n");
  const auto& loop = recipe.statements.at(0);
  CHECK(loop.text ==
        "for size in [10MB, 100MB] {\n"
        "  series \"read $size\"  repeat 10 cp st1:/${size}_$i -> ramdisk: cold   # read\n"
        "}");
  const auto& series = loop.body.at(0);
  CHECK(series.text == "series \"read $size\"  repeat 10 cp st1:/${size}_$i -> ramdisk: cold");
  check_loc(series.loc, 2, 3, 30);
  CHECK(series.value.text == "\"read $size\"");
  const auto& repeat = series.body.at(0);
  CHECK(repeat.text == "repeat 10 cp st1:/${size}_$i -> ramdisk: cold");
  check_loc(repeat.loc, 2, 24, 51);
  const auto& cp = repeat.body.at(0);
  CHECK(cp.text == "cp st1:/${size}_$i -> ramdisk: cold");
  check_loc(cp.loc, 2, 34, 61);
  CHECK(cp.items.at(3).word == "cold");
  check_loc(cp.items.at(3).loc, 2, 65, 92);

  auto blocks = parse_ok("setup { cp a ; cp b }\ntime \"t\" { cp c }; report x");
  CHECK(blocks.statements.at(0).text == "setup { cp a ; cp b }");
  CHECK(blocks.statements.at(0).body.at(0).text == "cp a");
  CHECK(blocks.statements.at(0).body.at(1).text == "cp b");
  CHECK(blocks.statements.at(1).text == "time \"t\" { cp c }");
  CHECK(blocks.statements.at(2).text == "report x");
}

TEST_CASE("parser: Item::word is the source text of every item") {
  auto recipe = parse_ok("cp \"a b\" -> $dst, ${n+1} [1,2] 1..$n x");
  std::vector<std::string> words;
  for (const auto& item : recipe.statements.at(0).items) words.push_back(item.word);
  CHECK(words == std::vector<std::string>{"\"a b\"", "->", "$dst", ",", "${n+1}", "[1,2]", "1..$n", "x"});
}

TEST_CASE("parser: inside ${…} bare names are variables, outside they are words") {
  CHECK(shape(let_value("${size}")) == "$size");
  CHECK(shape(let_value("${a-1}")) == "($a - 1=1)");
  CHECK(shape(let_value("${-n}")) == "-($n)");
  CHECK(shape(let_value("size")) == "W(size)");
}

}  // namespace
TEST_CASE("parser: settle, a wait or probes until stable, beside the statements around it") {
  CHECK(shapes("setup { write disk:/a size 1MB }\nsettle 60s\nsettle until stable disk:/a max 2min\n"
               "settle until stable\n") ==
        "setup {kernel write P(disk:\"/a\") size 1MB=1000000B}\n"
        "settle 60s=60s\n"
        "settle until stable P(disk:\"/a\") max 2min=120s\n"
        "settle until stable\n");
}

namespace {

/// The settle statement of a one-statement recipe.
recipe::SettleStmt settle_form(const std::string& text) {
  auto recipe = parse_ok(text);
  REQUIRE(recipe.statements.size() == 1);
  CHECK(recipe.statements[0].kind == recipe::StmtKind::settle);
  return std::get<recipe::SettleStmt>(recipe.statements[0].form);
}

}  // namespace

TEST_CASE("parser: settle: a fixed wait") {
  auto st = settle_form("settle 60s\n");
  CHECK_FALSE(st.until.given());
  REQUIRE(st.duration.has_value());
  CHECK(st.duration->text == "60s");
  CHECK(st.duration->number.value == 60);
  CHECK_FALSE(st.path.has_value());
  CHECK_FALSE(st.max.has_value());
  CHECK(settle_form("settle $wait # a variable\n").duration->name == "wait");
}

TEST_CASE("parser: settle: until stable, with and without a file and a maximum") {
  auto bare = settle_form("settle until stable");
  CHECK(bare.until.text == "until");
  CHECK(bare.until.loc.column == 8);
  CHECK_FALSE(bare.duration.has_value());
  CHECK_FALSE(bare.path.has_value());
  CHECK_FALSE(bare.max.has_value());

  auto with_max = settle_form("settle until stable max 30s\n");
  CHECK_FALSE(with_max.path.has_value());
  REQUIRE(with_max.max.has_value());
  CHECK(with_max.max->text == "30s");

  auto full = settle_form("settle until stable disk:/quick_1GB max 2min\n");
  REQUIRE(full.path.has_value());
  CHECK(full.path->text == "disk:/quick_1GB");
  CHECK(full.path->name == "disk");
  CHECK(full.max->number.value == 120);

  auto path_only = settle_form("settle until stable /st1/test/big\n");
  CHECK(path_only.path->text == "/st1/test/big");
  CHECK_FALSE(path_only.max.has_value());
}

TEST_CASE("parser: settle: a kernel may no longer be called settle, but a word inside a statement may") {
  Source source{"t.bench", "series \"settle\" nop for 1s\n"};
  Diagnostics diags;
  CHECK(recipe::parse(source, diags).has_value());
}

}  // namespace hwbench::lang
