// Malformed recipes and the exact diagnostics they produce.
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "lang/recipe/parser.hpp"

namespace hwbench::lang {

namespace {

/// Parses `text` as t.bench, which must fail, and returns every diagnostic rendered.
std::string errors_of(const std::string& text) {
  Source source{"t.bench", text};
  Diagnostics diags;
  auto recipe = recipe::parse(source, diags);
  CHECK_FALSE(recipe.has_value());
  CHECK(diags.has_errors());
  std::ostringstream out;
  diags.render(source, out);
  return out.str();
}

TEST_CASE("syntax errors: unknown unit with a suggestion") {
  CHECK(errors_of("let x = 10mb") ==
        "t.bench:1:9: error: unknown unit 'mb' in '10mb'\n"
        "    1 | let x = 10mb\n"
        "      |         ^~~~\n"
        "hint: did you mean 'MB'?\n");
}

TEST_CASE("syntax errors: a misspelt keyword before a block or '=' is named, with the keyword meant") {
  CHECK(errors_of("repeat 2 { sereis \"x\" { nop for 1ms } }\n") ==
        "t.bench:1:12: error: unknown statement 'sereis'\n"
        "    1 | repeat 2 { sereis \"x\" { nop for 1ms } }\n"
        "      |            ^~~~~~\n"
        "hint: did you mean 'series'?\n");
  CHECK(errors_of("locaton x = \"/tmp\"\n") ==
        "t.bench:1:1: error: unknown statement 'locaton'\n"
        "    1 | locaton x = \"/tmp\"\n"
        "      | ^~~~~~~\n"
        "hint: did you mean 'location'?\n");
  // Far from every keyword: the brace itself is what is wrong.
  CHECK(errors_of("nop for 1ms {\n").starts_with("t.bench:1:13: error: unexpected '{'\n"));
}

TEST_CASE("syntax errors: a recipe that is not UTF-8 is refused where it stops being so") {
  // A Latin-1 'é' (0xE9) in a string: its result file could not keep it (its JSON is UTF-8),
  // and the recipe kept would no longer match its SHA-256.
  CHECK(errors_of("nop runs 1\ntitle \"caf\xE9\"\n") ==
        "t.bench:2:11: error: the recipe is not UTF-8 here (byte 0xE9)\n"
        "    2 | title \"caf\xE9\"\n"
        "      |           ^\n"
        "hint: save it as UTF-8: a Latin-1 '\xC3\xA9' is the one byte 0xE9, UTF-8's is two\n");
}

TEST_CASE("syntax errors: old Mac line ends (a carriage return alone) are refused, CR LF read") {
  // Read as one line, "nop\rrepeat 2 nop" would have been one statement.
  CHECK(errors_of("nop runs 1\rrepeat 2 nop\r")
            .starts_with("t.bench:1:11: error: a line ends with a carriage return alone (old Mac line ends)\n"));
  Diagnostics diags;
  const auto crlf = recipe::parse(Source{"t.bench", "nop runs 1\r\nrepeat 2 nop\r\n"}, diags);
  REQUIRE(crlf.has_value());
  CHECK(crlf->statements.size() == 2);
}

TEST_CASE("syntax errors: unknown unit without a close match lists the units") {
  CHECK(errors_of("digest sha256 for 3sec") ==
        "t.bench:1:19: error: unknown unit 'sec' in '3sec'\n"
        "    1 | digest sha256 for 3sec\n"
        "      |                   ^~~~\n"
        "hint: known units: B KB MB GB TB, KiB MiB GiB TiB, ns us ms s min h, %, and the counts k M G\n");
}

TEST_CASE("syntax errors: unclosed block is reported at its '{'") {
  CHECK(errors_of("setup {\n  cp a -> b\n") ==
        "t.bench:1:7: error: unclosed block: '{' has no matching '}'\n"
        "    1 | setup {\n"
        "      |       ^\n"
        "hint: add '}' to end the block\n");
}

TEST_CASE("syntax errors: for without 'in'") {
  CHECK(errors_of("for x [1,2] cp a -> b") ==
        "t.bench:1:7: error: expected 'in' after the loop variable\n"
        "    1 | for x [1,2] cp a -> b\n"
        "      |       ^\n"
        "hint: write for NAME in [a, b] STATEMENT or for NAME in 1..10 { … }\n");
}

TEST_CASE("syntax errors: repeat without a count") {
  CHECK(errors_of("repeat { }") ==
        "t.bench:1:8: error: expected a count after 'repeat'\n"
        "    1 | repeat { }\n"
        "      |        ^\n"
        "hint: write repeat N STATEMENT or repeat N { … }\n");
}

TEST_CASE("syntax errors: repeat whose body is on the next line") {
  CHECK(errors_of("repeat 10\ncp a -> b\n") ==
        "t.bench:1:10: error: expected a statement or '{' after the count of 'repeat'\n"
        "    1 | repeat 10\n"
        "      |          ^\n"
        "hint: the body starts on the same line: repeat N STATEMENT or repeat N { … }\n");
}

TEST_CASE("syntax errors: time without a block") {
  CHECK(errors_of("time \"x\" cp a -> b") ==
        "t.bench:1:10: error: expected '{' after 'time' or its label\n"
        "    1 | time \"x\" cp a -> b\n"
        "      |          ^~\n"
        "hint: time measures a whole block as one sample: time \"LABEL\" { … } or time { … }\n");
  CHECK(errors_of("time cp a -> b") ==
        "t.bench:1:6: error: expected '{' after 'time' or its label\n"
        "    1 | time cp a -> b\n"
        "      |      ^~\n"
        "hint: time measures a whole block as one sample: time \"LABEL\" { … } or time { … }\n");
}

TEST_CASE("syntax: time without a label parses") {
  Source source{"t.bench", "time { cp a -> b }"};
  Diagnostics diags;
  auto recipe = recipe::parse(source, diags);
  REQUIRE(recipe.has_value());
  REQUIRE(recipe->statements.size() == 1);
  CHECK(recipe->statements[0].kind == recipe::StmtKind::time);
  CHECK(recipe->statements[0].value.text.empty());
  CHECK(recipe->statements[0].body.size() == 1);
}

TEST_CASE("syntax errors: series without a label") {
  CHECK(errors_of("series repeat 3 cp a -> b") ==
        "t.bench:1:8: error: expected a label string after 'series'\n"
        "    1 | series repeat 3 cp a -> b\n"
        "      |        ^~~~~~\n"
        "hint: write series \"LABEL\" STATEMENT or series \"LABEL\" { … }\n");
}

TEST_CASE("syntax errors: location without '='") {
  CHECK(errors_of("location x \"p\"") ==
        "t.bench:1:12: error: expected '=' after the location name\n"
        "    1 | location x \"p\"\n"
        "      |            ^\n"
        "hint: write location NAME = \"PATH\"\n");
}

TEST_CASE("syntax errors: stray closing brace") {
  CHECK(errors_of("cp a -> b\n}\n") ==
        "t.bench:2:1: error: unexpected '}' with no '{' open\n"
        "    2 | }\n"
        "      | ^\n"
        "hint: remove it, or add the '{' that it closes\n");
}

TEST_CASE("syntax errors: '$' without a name") {
  CHECK(errors_of("cp $ -> b") ==
        "t.bench:1:4: error: expected a variable name or '{' after '$'\n"
        "    1 | cp $ -> b\n"
        "      |    ^\n"
        "hint: write $name or ${expression}\n");
}

TEST_CASE("syntax errors: '$' without a name inside a string") {
  CHECK(errors_of("note \"costs 5$\"") ==
        "t.bench:1:14: error: expected a variable name or '{' after '$'\n"
        "    1 | note \"costs 5$\"\n"
        "      |              ^\n"
        "hint: write \\$ for a literal '$'\n");
}

TEST_CASE("syntax errors: unclosed interpolation") {
  CHECK(errors_of("series \"read ${size\" cp a -> b") ==
        "t.bench:1:14: error: unclosed '${': expected '}'\n"
        "    1 | series \"read ${size\" cp a -> b\n"
        "      |              ^~\n"
        "hint: add '}' to end the interpolation\n");
}

TEST_CASE("syntax errors: two values inside an interpolation") {
  CHECK(errors_of("cp /x/${a b}") ==
        "t.bench:1:11: error: expected an operator or '}' in '${…}', found 'b'\n"
        "    1 | cp /x/${a b}\n"
        "      |           ^\n"
        "hint: write ${a + b}, ${a * 2}, …\n");
}

TEST_CASE("syntax errors: empty interpolation") {
  CHECK(errors_of("cp /x/${}") ==
        "t.bench:1:9: error: expected an expression after '${'\n"
        "    1 | cp /x/${}\n"
        "      |         ^\n"
        "hint: write ${name} or ${expression}\n");
}

TEST_CASE("syntax errors: unclosed list") {
  CHECK(errors_of("let sizes = [1, 2") ==
        "t.bench:1:13: error: unclosed list: '[' has no matching ']'\n"
        "    1 | let sizes = [1, 2\n"
        "      |             ^\n"
        "hint: add ']' to end the list\n");
}

TEST_CASE("syntax errors: list items without a comma") {
  CHECK(errors_of("let sizes = [1\n  2]") ==
        "t.bench:2:3: error: expected ',' or ']' after a list item, found '2'\n"
        "    2 |   2]\n"
        "      |   ^\n"
        "hint: separate list items with ','\n");
}

TEST_CASE("syntax errors: incomplete range") {
  CHECK(errors_of("nbench numeric_sort runs 1..") ==
        "t.bench:1:26: error: incomplete range: expected a number or a variable after '..'\n"
        "    1 | nbench numeric_sort runs 1..\n"
        "      |                          ^~~\n"
        "hint: write a range as 1..10 or 1..$n\n");
}

TEST_CASE("syntax errors: exponent without digits") {
  CHECK(errors_of("let y = 1e") ==
        "t.bench:1:9: error: bad number '1e': the exponent has no digits\n"
        "    1 | let y = 1e\n"
        "      |         ^~\n"
        "hint: write an exponent as in 1e6 or 2.5e-3\n");
}

TEST_CASE("syntax errors: unexpected character in a kernel statement") {
  CHECK(errors_of("cp a ~ b") ==
        "t.bench:1:6: error: unexpected character '~'\n"
        "    1 | cp a ~ b\n"
        "      |      ^\n"
        "hint: arguments are words, numbers, \"strings\", paths, [lists], ranges, $variables, '->' and ','\n");
}

TEST_CASE("syntax errors: parameter written with '='") {
  CHECK(errors_of("write disk:/big size=1GiB") ==
        "t.bench:1:21: error: unexpected '='\n"
        "    1 | write disk:/big size=1GiB\n"
        "      |                     ^\n"
        "hint: write parameters as 'name value', without '='\n");
}

TEST_CASE("syntax errors: something glued to a value") {
  CHECK(errors_of("cp \"a\"b") ==
        "t.bench:1:7: error: unexpected 'b' right after '\"a\"'\n"
        "    1 | cp \"a\"b\n"
        "      |       ^\n"
        "hint: separate the arguments of a statement with spaces\n");
}

TEST_CASE("syntax errors: empty report") {
  CHECK(errors_of("report\n") ==
        "t.bench:1:7: error: expected what to report after 'report'\n"
        "    1 | report\n"
        "      |       ^\n"
        "hint: for example: report MB/s mean, median\n");
}

TEST_CASE("syntax errors: report") {
  CHECK(errors_of("report 10 mean\n") ==
        "t.bench:1:8: error: expected a unit such as MB/s, or a style, after 'report'\n"
        "    1 | report 10 mean\n"
        "      |        ^~\n"
        "hint: for example: report MB/s mean, median, or report nbench (docs/language.md lists the units and the "
        "styles)\n");
  CHECK(errors_of("report table ops/s\n") ==
        "t.bench:1:19: error: expected 'with' after the unit of a table report\n"
        "    1 | report table ops/s\n"
        "      |                   ^\n"
        "hint: write it like: report table MB/s with mean\n");
  CHECK(errors_of("report table with mean\n") ==
        "t.bench:1:14: error: expected a unit such as MB/s after 'report table'\n"
        "    1 | report table with mean\n"
        "      |              ^~~~\n"
        "hint: write it like: report table MB/s with mean\n");
  CHECK(errors_of("report MB/s , mean\nreport MB/s mean,, median\n") ==
        "t.bench:1:13: error: expected an aggregate before ','\n"
        "    1 | report MB/s , mean\n"
        "      |             ^\n"
        "t.bench:2:18: error: expected an aggregate before ','\n"
        "    2 | report MB/s mean,, median\n"
        "      |                  ^\n");
  const std::string report_hint =
      "hint: a report names a unit and its aggregates (report MB/s mean, median) or a style and its options (report "
      "nbench old p90)\n";
  CHECK(errors_of("report MB/s mean -> x\nreport MB/s mean @\nreport nbench old = p90\n") ==
        "t.bench:1:18: error: unexpected '->' in a report\n"
        "    1 | report MB/s mean -> x\n"
        "      |                  ^~\n" +
            report_hint +
            "t.bench:2:18: error: unexpected character '@'\n"
            "    2 | report MB/s mean @\n"
            "      |                  ^\n" +
            report_hint +
            "t.bench:3:19: error: unexpected '='\n"
            "    3 | report nbench old = p90\n"
            "      |                   ^\n" +
            report_hint);
}

TEST_CASE("syntax errors: baseline") {
  CHECK(errors_of("baseline k6\nbaseline k6 from\n") ==
        "t.bench:1:12: error: expected 'from \"FILE.toml\"' after the baseline's name\n"
        "    1 | baseline k6\n"
        "      |            ^\n"
        "hint: write it like: baseline k6 from \"baselines/nbench.toml\"\n"
        "t.bench:2:17: error: expected the baseline's file after 'from'\n"
        "    2 | baseline k6 from\n"
        "      |                 ^\n"
        "hint: write it like: baseline k6 from \"baselines/nbench.toml\"\n");
  CHECK(errors_of("baseline k6 frm \"x\"\n") ==
        "t.bench:1:13: error: expected 'from \"FILE.toml\"' after the baseline's name\n"
        "    1 | baseline k6 frm \"x\"\n"
        "      |             ^~~\n"
        "hint: write it like: baseline k6 from \"baselines/nbench.toml\"\n");
  CHECK(errors_of("baseline k6 fromage \"x\"\n") ==
        "t.bench:1:13: error: expected 'from \"FILE.toml\"' after the baseline's name\n"
        "    1 | baseline k6 fromage \"x\"\n"
        "      |             ^~~~~~~\n"
        "hint: write it like: baseline k6 from \"baselines/nbench.toml\"\n");
  CHECK(errors_of("baseline k6 from \"a.toml\" \"b.toml\"\n") ==
        "t.bench:1:27: error: unexpected words after the baseline's file\n"
        "    1 | baseline k6 from \"a.toml\" \"b.toml\"\n"
        "      |                           ^~~~~~~~\n"
        "hint: write it like: baseline k6 from \"baselines/nbench.toml\"\n");
}

TEST_CASE("syntax errors: index") {
  const std::string hint = "hint: write it like: index \"INTEGER INDEX\" = geomean(\"NUMERIC SORT\", \"IDEA\") vs k6\n";
  CHECK(errors_of("index \"I\" = mean(\"A\") vs k6\n") ==
        "t.bench:1:13: error: expected 'geomean(' after '='\n"
        "    1 | index \"I\" = mean(\"A\") vs k6\n"
        "      |             ^~~~\n" +
            hint);
  CHECK(errors_of("index \"I\" = geomeans(\"A\") vs k6\n") ==
        "t.bench:1:13: error: expected 'geomean(' after '='\n"
        "    1 | index \"I\" = geomeans(\"A\") vs k6\n"
        "      |             ^~~~~~~~\n" +
            hint);
  CHECK(errors_of("index \"I\" = geomean \"A\" vs k6\n") ==
        "t.bench:1:21: error: expected '(' after 'geomean'\n"
        "    1 | index \"I\" = geomean \"A\" vs k6\n"
        "      |                     ^~~\n" +
            hint);
  CHECK(errors_of("index \"I\" = geomean() vs k6\n") ==
        "t.bench:1:21: error: 'geomean()' needs at least one series\n"
        "    1 | index \"I\" = geomean() vs k6\n"
        "      |                     ^\n" +
            hint);
  CHECK(errors_of("index \"I\" = geomean(\"A\" \"B\") vs k6\n") ==
        "t.bench:1:25: error: expected ',' or ')'\n"
        "    1 | index \"I\" = geomean(\"A\" \"B\") vs k6\n"
        "      |                         ^~~\n" +
            hint);
  CHECK(errors_of("index \"I\" = geomean(\"A\", x) vs k6\n") ==
        "t.bench:1:26: error: expected a series label (a string)\n"
        "    1 | index \"I\" = geomean(\"A\", x) vs k6\n"
        "      |                          ^\n" +
            hint);
  CHECK(errors_of("index \"I\" = geomean(\"A\"\n") ==
        "t.bench:1:24: error: expected ')' to close 'geomean('\n"
        "    1 | index \"I\" = geomean(\"A\"\n"
        "      |                        ^\n" +
            hint);
  CHECK(errors_of("index \"I\" = geomean(\"A\") k6\nindex \"I\" = geomean(\"A\") vs\n") ==
        "t.bench:1:26: error: expected 'vs BASELINE' after the series\n"
        "    1 | index \"I\" = geomean(\"A\") k6\n"
        "      |                          ^~\n" +
            hint +
            "t.bench:2:28: error: expected 'vs BASELINE' after the series\n"
            "    2 | index \"I\" = geomean(\"A\") vs\n"
            "      |                            ^\n" +
            hint);
  CHECK(errors_of("index \"I\" = geomean(\"A\") vs k6 scale\n") ==
        "t.bench:1:37: error: expected a number after 'scale'\n"
        "    1 | index \"I\" = geomean(\"A\") vs k6 scale\n"
        "      |                                     ^\n"
        "hint: for example: scale 10\n");
  CHECK(errors_of("index \"I\" = geomean(\"A\") vs k6 using\nindex \"I\" = geomean(\"A\") vs k6 using 5\n") ==
        "t.bench:1:37: error: 'using' needs an aggregate\n"
        "    1 | index \"I\" = geomean(\"A\") vs k6 using\n"
        "      |                                     ^\n"
        "hint: for example: using unixbench (UnixBench's pass rule)\n"
        "t.bench:2:38: error: 'using' needs an aggregate, not '5'\n"
        "    2 | index \"I\" = geomean(\"A\") vs k6 using 5\n"
        "      |                                      ^\n"
        "hint: for example: using unixbench (UnixBench's pass rule)\n");
  CHECK(errors_of("index \"I\" = geomean(\"A\") vs k6 using mean scale 10\n") ==
        "t.bench:1:43: error: unexpected words after the index\n"
        "    1 | index \"I\" = geomean(\"A\") vs k6 using mean scale 10\n"
        "      |                                           ^~~~~\n" +
            hint);
}

TEST_CASE("syntax errors: compare") {
  const std::string hint =
      "hint: write it like: compare with \"results/old.json\" ratio truncate digits 2 suffix \"x\"\n";
  // A bare `compare` parses (it compares an interleave block's statements; the checker places it).
  CHECK(errors_of("compare \"old.json\"\ncompare within\n") ==
        "t.bench:1:9: error: expected 'with \"FILE\"' after 'compare'\n"
        "    1 | compare \"old.json\"\n"
        "      |         ^~~~~~~~~~\n" +
            hint +
            "t.bench:2:15: error: expected a value after 'within'\n"
            "    2 | compare within\n"
            "      |               ^\n" +
            hint);
  CHECK(errors_of("compare with\ncompare with ratio\n") ==
        "t.bench:1:13: error: expected the file to compare with after 'with'\n"
        "    1 | compare with\n"
        "      |             ^\n" +
            hint +
            "t.bench:2:14: error: expected the file to compare with after 'with'\n"
            "    2 | compare with ratio\n"
            "      |              ^~~~~\n" +
            hint);
  CHECK(errors_of("compare with \"a.json\" digits\ncompare with \"a.json\" ratio round, digits 2\n"
                  "compare with \"a.json\" digits  # two\n") ==
        "t.bench:1:29: error: expected a value after 'digits'\n"
        "    1 | compare with \"a.json\" digits\n"
        "      |                             ^\n" +
            hint +
            "t.bench:2:34: error: expected an option and its value: ratio, digits, suffix, unit or effect\n"
            "    2 | compare with \"a.json\" ratio round, digits 2\n"
            "      |                                  ^\n" +
            hint +
            "t.bench:3:31: error: expected a value after 'digits'\n"
            "    3 | compare with \"a.json\" digits  # two\n"
            "      |                               ^\n" +
            hint);
}

TEST_CASE("syntax errors: each broken typed statement is reported, the others parse") {
  Source source{"t.bench",
                "report\nbaseline k6 from \"b.toml\"\nindex \"I\" = geomean(\"A\",) vs k6\ncompare with\n"
                "report MB/s mean\n"};
  Diagnostics diags;
  CHECK_FALSE(recipe::parse(source, diags).has_value());
  REQUIRE(diags.all().size() == 2);
  CHECK(diags.all()[0].loc.line == 1);
  CHECK(diags.all()[1].loc.line == 4);
}

TEST_CASE("syntax errors: unterminated string at its opening quote") {
  CHECK(errors_of("title \"cp read/write\ncp a -> b\n") ==
        "t.bench:1:7: error: unterminated string\n"
        "    1 | title \"cp read/write\n"
        "      |       ^\n"
        "hint: close it with '\"' on the same line\n");
}

TEST_CASE("syntax errors: unknown escape") {
  CHECK(errors_of("title \"a\\qb\"") ==
        "t.bench:1:9: error: unknown escape '\\q' in a string\n"
        "    1 | title \"a\\qb\"\n"
        "      |         ^~\n"
        "hint: the escapes are \\$ \\\" \\\\ \\n and \\t\n");
}

TEST_CASE("syntax errors: a glob's escape in a string says how a string writes it") {
  CHECK(errors_of("teardown { rm \"${disk:}/a\\*b\" }") ==
        "t.bench:1:26: error: unknown escape '\\*' in a string\n"
        "    1 | teardown { rm \"${disk:}/a\\*b\" }\n"
        "      |                          ^~\n"
        "hint: the escapes are \\$ \\\" \\\\ \\n and \\t; for rm's literal * write \\\\* in a string (\\* in a bare "
        "path)\n");
}

TEST_CASE("syntax errors: a statement cannot start with a number or a path") {
  CHECK(errors_of("10 cp a\nramdisk:/x -> /y\n") ==
        "t.bench:1:1: error: expected a statement, found '10'\n"
        "    1 | 10 cp a\n"
        "      | ^~\n"
        "hint: a statement starts with a keyword (let, repeat, for, series, time, report, …) or a kernel name\n"
        "t.bench:2:1: error: expected a statement, found the path 'ramdisk:/x'\n"
        "    2 | ramdisk:/x -> /y\n"
        "      | ^~~~~~~~~~\n"
        "hint: start with the kernel that uses it, as in cp /a -> /b\n");
}

TEST_CASE("syntax errors: extra text after a keyword statement") {
  CHECK(errors_of("title \"x\" y") ==
        "t.bench:1:11: error: expected the end of the statement, found 'y'\n"
        "    1 | title \"x\" y\n"
        "      |           ^\n"
        "hint: end a statement with a newline or ';'\n");
}

TEST_CASE("syntax errors: unclosed parenthesis and a missing operand") {
  CHECK(errors_of("let x = (1 + 2\nlet y = 3 *\n") ==
        "t.bench:1:9: error: unclosed '(': expected ')'\n"
        "    1 | let x = (1 + 2\n"
        "      |         ^\n"
        "hint: add ')' to end the group\n"
        "t.bench:2:12: error: expected a value after '*'\n"
        "    2 | let y = 3 *\n"
        "      |            ^\n");
}

TEST_CASE("syntax errors: setup and parallel need blocks") {
  CHECK(errors_of("setup cp a -> b\nparallel 4 cp a -> b\nparallel { }\n") ==
        "t.bench:1:7: error: expected '{' after 'setup'\n"
        "    1 | setup cp a -> b\n"
        "      |       ^~\n"
        "hint: write setup { … }\n"
        "t.bench:2:12: error: expected '{' after the worker count of 'parallel'\n"
        "    2 | parallel 4 cp a -> b\n"
        "      |            ^~\n"
        "hint: write parallel N { … }\n"
        "t.bench:3:10: error: expected a worker count after 'parallel'\n"
        "    3 | parallel { }\n"
        "      |          ^\n"
        "hint: write parallel N { … }\n");
}

TEST_CASE("syntax errors: recovery reports one error per broken statement, also inside blocks") {
  CHECK(errors_of("setup {\n"
                  "  for x [1] {\n"
                  "    cp a\n"
                  "  }\n"
                  "  cp b = c\n"
                  "}\n"
                  "report MB/s mean\n"
                  "let v = 10xx +\n") ==
        "t.bench:2:9: error: expected 'in' after the loop variable\n"
        "    2 |   for x [1] {\n"
        "      |         ^\n"
        "hint: write for NAME in [a, b] STATEMENT or for NAME in 1..10 { … }\n"
        "t.bench:5:8: error: unexpected '='\n"
        "    5 |   cp b = c\n"
        "      |        ^\n"
        "hint: write parameters as 'name value', without '='\n"
        "t.bench:8:9: error: unknown unit 'xx' in '10xx'\n"
        "    8 | let v = 10xx +\n"
        "      |         ^~~~\n"
        "hint: known units: B KB MB GB TB, KiB MiB GiB TiB, ns us ms s min h, %, and the counts k M G\n"
        "t.bench:8:15: error: expected a value after '+'\n"
        "    8 | let v = 10xx +\n"
        "      |               ^\n");
}

TEST_CASE("syntax errors: an unclosed list inside a block does not swallow the block") {
  CHECK(errors_of("setup {\n  let x = [1, 2\n}\nreport x\n") ==
        "t.bench:2:11: error: unclosed list: '[' has no matching ']'\n"
        "    2 |   let x = [1, 2\n"
        "      |           ^\n"
        "hint: add ']' to end the list\n");
}

TEST_CASE("syntax errors: CRLF lines render without the carriage return") {
  CHECK(errors_of("title \"x\"\r\nrepeat { }\r\n") ==
        "t.bench:2:8: error: expected a count after 'repeat'\n"
        "    2 | repeat { }\n"
        "      |        ^\n"
        "hint: write repeat N STATEMENT or repeat N { … }\n");
}

TEST_CASE("syntax errors: nesting is bounded instead of exhausting the stack") {
  Source source{"t.bench", "let x = " + std::string(5000, '[') + std::string(5000, ']') + "\nreport x\n"};
  Diagnostics diags;
  CHECK_FALSE(recipe::parse(source, diags).has_value());
  REQUIRE(diags.all().size() == 1);
  CHECK(diags.all()[0].message == "nesting too deep: more than 200 open brackets");
  CHECK(diags.all()[0].loc.line == 1);
  CHECK(diags.all()[0].loc.column == 209);
}

}  // namespace
TEST_CASE("syntax errors: settle") {
  CHECK(errors_of("settle\n") ==
        "t.bench:1:7: error: expected a duration or 'until stable' after 'settle'\n"
        "    1 | settle\n"
        "      |       ^\n"
        "hint: write it like: settle 60s, or settle until stable max 120s\n");
  CHECK(errors_of("settle for 60s\n") ==
        "t.bench:1:8: error: expected a duration or 'until stable' after 'settle', not 'for'\n"
        "    1 | settle for 60s\n"
        "      |        ^~~\n"
        "hint: write it like: settle 60s, or settle until stable max 120s\n");
  CHECK(errors_of("settle until steady\n") ==
        "t.bench:1:14: error: expected 'stable' after 'settle until'\n"
        "    1 | settle until steady\n"
        "      |              ^~~~~~\n"
        "hint: write it like: settle 60s, or settle until stable max 120s\n");
  CHECK(errors_of("settle until stable max\n") ==
        "t.bench:1:24: error: expected a duration after 'max'\n"
        "    1 | settle until stable max\n"
        "      |                        ^\n"
        "hint: write it like: settle 60s, or settle until stable max 120s\n");
  CHECK(errors_of("settle 60s max 10s\n") ==
        "t.bench:1:12: error: unexpected 'max' in 'settle'\n"
        "    1 | settle 60s max 10s\n"
        "      |            ^~~\n"
        "hint: write it like: settle 60s, or settle until stable max 120s\n");
  CHECK(errors_of("settle until stable for 10s\n") ==
        "t.bench:1:21: error: unexpected 'for' in 'settle'\n"
        "    1 | settle until stable for 10s\n"
        "      |                     ^~~\n"
        "hint: write it like: settle 60s, or settle until stable max 120s\n");
}

}  // namespace hwbench::lang
