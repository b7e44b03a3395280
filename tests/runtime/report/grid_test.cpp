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

TEST_CASE("grid: Markdown notes under a table are lines of text, not list items, headings or quotes") {
  report::Grid grid;
  grid.before = {"MiB/s", "# not a heading"};
  grid.align = {report::Align::left};
  grid.header = {"series"};
  grid.rows = {{"IDEA *"}};
  grid.after = {"* did not reach its `until ci` target",
                "- a: its CI is half its last digit",
                "+ b",
                "1. read: 2.00× as fast",
                "12) write",
                "> c",
                "===",
                "```",
                "blocks: samples in N blocks over the run"};
  std::ostringstream md;
  report::write_grid(grid, report::Format::markdown, md, 0);
  // Each note escaped where Markdown would start a block, and ended with a hard line break (two
  // spaces) so that the notes do not run together into one paragraph.
  CHECK(md.str() ==
        "MiB/s  \n"
        "\\# not a heading\n"
        "\n"
        "| series  |\n"
        "| ------- |\n"
        "| IDEA \\* |\n"
        "\n"
        "\\* did not reach its `until ci` target  \n"
        "\\- a: its CI is half its last digit  \n"
        "\\+ b  \n"
        "1\\. read: 2.00× as fast  \n"
        "12\\) write  \n"
        "\\> c  \n"
        "\\===  \n"
        "\\```  \n"
        "blocks: samples in N blocks over the run\n");
  // The text layout prints them as they are.
  std::ostringstream text;
  report::write_grid(grid, report::Format::text, text, 0);
  CHECK(text.str() ==
        "MiB/s\n"
        "# not a heading\n"
        "series\n"
        "IDEA *\n"
        "* did not reach its `until ci` target\n"
        "- a: its CI is half its last digit\n"
        "+ b\n"
        "1. read: 2.00× as fast\n"
        "12) write\n"
        "> c\n"
        "===\n"
        "```\n"
        "blocks: samples in N blocks over the run\n");
}
