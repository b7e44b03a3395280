// OpensslBuild, the typed environment["openssl"]: both forms read and written back as they were.
#include "runtime/tools/openssl/openssl_build.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

namespace openssl = hwbench::runtime::tools::openssl;

TEST_CASE("openssl build: an imported log's object comes back key for key") {
  const auto json = nlohmann::json::parse(R"j({"version": "OpenSSL 3.0.17 1 Jul 2025", "built_on": "built on: x",
      "options": "bn(64,64)", "compiler": "gcc -O3", "cpuinfo": "", "multi": 2, "heading": false})j");
  const auto build = json.get<openssl::OpensslBuild>();
  CHECK(build.version == "OpenSSL 3.0.17 1 Jul 2025");
  CHECK(build.cpuinfo == "");
  CHECK_FALSE(build.timing_options.has_value());
  CHECK(build.multi == 2);
  CHECK_FALSE(build.heading);
  CHECK_FALSE(build.empty());
  CHECK(nlohmann::json(build) == json);
}

TEST_CASE("openssl build: a captured version string stays a string, nothing recorded is empty") {
  const nlohmann::json text = "OpenSSL 3.0.17 1 Jul 2025";
  const auto build = text.get<openssl::OpensslBuild>();
  CHECK(build.version_only);
  CHECK(nlohmann::json(build) == text);
  CHECK(openssl::OpensslBuild{}.empty());
  CHECK(nlohmann::json(openssl::OpensslBuild{}) == nlohmann::json::object());
  CHECK(nlohmann::json(42).get<openssl::OpensslBuild>().empty());
}
