// Diagnostics: duplicates kept once, a flood of findings capped, and the one rendering: with the
// source line and a caret for recipes, the heading alone for data files and logs.
#include "lang/common/diagnostics.hpp"

#include <sstream>
#include <string>

#include <doctest/doctest.h>

namespace hwbench::lang {

TEST_CASE("diagnostics: past kMaxKept findings only a count is kept and rendered") {
  Source source{"t.bench", "rm /etc/x\n"};
  Diagnostics diags;
  const std::size_t total = Diagnostics::kMaxKept + 500;
  for (std::size_t i = 0; i < total; ++i) diags.error(SourceLoc{1, 1, 0}, "error " + std::to_string(i));
  diags.error(SourceLoc{1, 1, 0}, "error 0");  // a duplicate past the cap is counted as well
  CHECK(diags.all().size() == Diagnostics::kMaxKept);
  CHECK(diags.error_count() == total + 1);
  CHECK(diags.has_errors());
  std::ostringstream out;
  diags.render(source, out);
  const std::string text = out.str();
  CHECK(text.substr(text.rfind("t.bench: note:")) == "t.bench: note: 501 more errors and warnings not shown\n");
  CHECK(text.find("error 999\n") != std::string::npos);
  CHECK(text.find("error 1000\n") == std::string::npos);
}

TEST_CASE("diagnostics: the same message at the same place is kept once") {
  Diagnostics diags;
  diags.error(SourceLoc{2, 3, 7}, "bad");
  diags.error(SourceLoc{2, 3, 7}, "bad");
  diags.error(SourceLoc{2, 4, 8}, "bad");
  CHECK(diags.all().size() == 2);
  CHECK(diags.error_count() == 2);
}

TEST_CASE("render_diagnostic: a line without a column, and no place at all") {
  const Source source{"run.log", "first\nsecond line\n"};
  std::ostringstream out;
  render_diagnostic({Severity::error, SourceLoc{2, 0, 0}, "unexpected line", "", 1}, source, out);
  render_diagnostic({Severity::error, SourceLoc{}, "no table", "", 1}, source, out);
  CHECK(out.str() ==
        "run.log:2: error: unexpected line\n"
        "    2 | second line\n"
        "run.log: error: no table\n");
}

TEST_CASE("render_brief: headings alone, hints kept, no final newline") {
  Diagnostics diags;
  diags.error(SourceLoc{3, 7, 0}, "bad unit", "did you mean 'MB/s'?");
  diags.error(SourceLoc{12, 0, 0}, "a line without a column");
  diags.error(SourceLoc{}, "about the whole file");
  CHECK(render_brief(diags, "x.toml") ==
        "x.toml:3:7: error: bad unit\n"
        "hint: did you mean 'MB/s'?\n"
        "x.toml:12: error: a line without a column\n"
        "x.toml: error: about the whole file");
  CHECK(render_brief(Diagnostics{}, "x.toml") == "");
}

TEST_CASE("sort_by_place: the whole file first, then by line and column, ties in the order added") {
  Diagnostics diags;
  diags.error(SourceLoc{4, 2, 0}, "d");
  diags.error(SourceLoc{2, 9, 0}, "b");
  diags.error(SourceLoc{}, "a");
  diags.error(SourceLoc{4, 2, 0}, "e");
  diags.error(SourceLoc{2, 10, 0}, "c");
  diags.sort_by_place();
  std::string order;
  for (const auto& d : diags.all()) order += d.message;
  CHECK(order == "abcde");
}

TEST_CASE("render_diagnostic: columns and carets count characters as a terminal shows them") {
  // "nopp" after a label of three wide characters (9 bytes, 6 columns), after é (2 bytes, one
  // column), after a tab, and at the start of a file that begins with a byte order mark.
  const auto shown = [](const std::string& text, std::uint32_t byte_column) {
    Diagnostics diags;
    diags.error(SourceLoc{1, byte_column, 0}, "unknown kernel 'nopp'", "", 4);
    std::ostringstream out;
    diags.render(Source{"t.bench", text}, out);
    return out.str();
  };
  CHECK(shown("title \"日本語\"; nopp for 1ms\n", 20) ==
        "t.bench:1:17: error: unknown kernel 'nopp'\n"
        "    1 | title \"日本語\"; nopp for 1ms\n"
        "      |                 ^~~~\n");
  CHECK(shown("title \"é\"; nopp\n", 13) ==
        "t.bench:1:12: error: unknown kernel 'nopp'\n"
        "    1 | title \"é\"; nopp\n"
        "      |            ^~~~\n");
  CHECK(shown("\tnopp\n", 2) ==
        "t.bench:1:2: error: unknown kernel 'nopp'\n"
        "    1 | \tnopp\n"
        "      | \t^~~~\n");
  CHECK(shown("\xEF\xBB\xBFnopp for 10ms\n", 4) ==
        "t.bench:1:1: error: unknown kernel 'nopp'\n"
        "    1 | nopp for 10ms\n"
        "      | ^~~~\n");
  // A token of wide characters is underlined as wide as it shows: "日本" is 6 bytes, 4 columns.
  Diagnostics wide;
  wide.error(SourceLoc{1, 8, 0}, "x", "", 6);
  std::ostringstream out;
  wide.render(Source{"t.bench", "label \"日本\"\n"}, out);
  CHECK(out.str() == "t.bench:1:8: error: x\n    1 | label \"日本\"\n      |        ^~~~\n");
}

}  // namespace hwbench::lang
