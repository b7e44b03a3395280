// The grid every table style prints through: Markdown cells that stay text.
#include "runtime/report/grid.hpp"

#include <sstream>

#include <doctest/doctest.h>

namespace report = hwbench::runtime::report;

TEST_CASE("grid: a Markdown cell keeps a label's <, >, *, ` and | as text") {
  report::Grid grid;
  grid.align = {report::Align::left, report::Align::right};
  grid.header = {"series", "n"};
  grid.rows = {{"<b>copy</b> *fast* `x` a|b \\ c", "3"}};
  std::ostringstream out;
  report::write_grid(grid, report::Format::markdown, out, 0);
  CHECK(out.str() ==
        "| series                                   |   n |\n"
        "| ---------------------------------------- | --: |\n"
        "| \\<b\\>copy\\</b\\> \\*fast\\* \\`x\\` a\\|b \\\\ c |   3 |\n");
}
