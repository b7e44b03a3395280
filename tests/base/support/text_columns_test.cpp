// Columns on a terminal: East Asian wide characters take two, and cut text ends in "…".
#include "base/support/text_columns.hpp"

#include <doctest/doctest.h>

using hwbench::support::display_width;
using hwbench::support::fit_width;
using hwbench::support::write_columns;

TEST_CASE("text columns: display width counts wide characters twice and stray bytes once") {
  CHECK(display_width("") == 0);
  CHECK(display_width("ratio") == 5);
  CHECK(display_width("1.25倍") == 6);
  CHECK(display_width("±0.8%") == 5);
  CHECK(display_width("\xff\xfe") == 2);
}

TEST_CASE("text columns: fit_width keeps what fits and ends a cut text with an ellipsis") {
  CHECK(fit_width("status", 6) == "status");
  CHECK(fit_width("status", 5) == "stat…");
  CHECK(fit_width("status", 1) == "…");
  CHECK(fit_width("status", 0) == "");
  // A wide character that would straddle the last free column is left out whole.
  CHECK(fit_width("ab倍cd", 4) == "ab…");
  CHECK(fit_width("ab倍cd", 5) == "ab倍…");
  CHECK(display_width(fit_width("ab倍倍倍", 6)) <= 6);
}

TEST_CASE("text columns: cells aligned by their columns on screen") {
  CHECK(write_columns({{"a", "1.25倍"}, {"long", "2"}}, true) == "a     1.25倍\nlong       2\n");
}

TEST_CASE("text columns: wrap_words breaks at spaces within the columns, later lines indented") {
  using hwbench::support::wrap_words;
  const std::string verdict =
      "conditions: load 3.1 on 2 CPUs during 'write 100MB' (and 24 more series); CPU pressure 58%";
  CHECK(wrap_words(verdict, 40, "  ") ==
        "conditions: load 3.1 on 2 CPUs during\n"
        "  'write 100MB' (and 24 more series);\n"
        "  CPU pressure 58%");
  CHECK(wrap_words(verdict, 0, "  ") == verdict);
  CHECK(wrap_words(verdict, 200, "  ") == verdict);
  // A word wider than a line stands alone rather than being cut.
  CHECK(wrap_words("a bbbbbbbbbbbb c", 5, "") == "a\nbbbbbbbbbbbb\nc");
  // Wide characters count two columns.
  CHECK(wrap_words("倍倍 倍倍 x", 6, "") == "倍倍\n倍倍 x");
}
