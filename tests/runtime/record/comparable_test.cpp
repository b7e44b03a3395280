// Result files and published results are told apart by their content (runtime/record/comparable.hpp).
#include "runtime/record/comparable.hpp"

#include <doctest/doctest.h>

namespace record = hwbench::runtime::record;

TEST_CASE("comparable: a JSON object is a result file, TOML with a schema key a published result") {
  CHECK(record::sniff_file_kind("{\"schema\": \"hwbench-result/1\"}") == record::FileKind::result);
  CHECK(record::sniff_file_kind("\xEF\xBB\xBF\n  {") == record::FileKind::result);
  CHECK(record::sniff_file_kind("{") == record::FileKind::result);  // truncated: the JSON reader says where
  CHECK(record::sniff_file_kind("schema = \"hwbench-published/1\"\n") == record::FileKind::published);
  CHECK(
      record::sniff_file_kind("# from a blog post\n\nmachine = \"x\"\nschema=\"hwbench-published/2\"\n[[series]]\n") ==
      record::FileKind::published);
  // Only a top-level key counts, and only the key itself.
  CHECK(record::sniff_file_kind("machine = \"x\"\n[meta]\nschema = \"hwbench-published/1\"\n") ==
        record::FileKind::neither);
  CHECK(record::sniff_file_kind("schemas = 1\n") == record::FileKind::neither);
  CHECK(record::sniff_file_kind("schema is what this log lacks\n") == record::FileKind::neither);
  CHECK(record::sniff_file_kind("") == record::FileKind::neither);
  CHECK(record::sniff_file_kind("BYTEmark* Native Mode Benchmark ver. 2 (10/95)\n") == record::FileKind::neither);
}
