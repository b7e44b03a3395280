// Process creation: n forks, each child waited for, done by the small fork server.
#include "kernels/system/os/spawn.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>

#include <doctest/doctest.h>

#include "kernels/system/common/execl_link.hpp"
#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"
#include "tests/kernels/system/system_test_support.hpp"

namespace hwbench::kernels {

TEST_CASE("spawn: n units are n forks by the fork server, and no process is left, not even a zombie") {
  const KernelSpec spec = system::spawn_spec();
  CHECK(spec.measure.for_seconds == 30);
  system::Spawn k(HWBENCH_BINARY);
  k.prepare();
  const pid_t server = k.server_pid();
  REQUIRE(server > 0);
  CHECK(k.run(40).ops == 40);
  CHECK(k.run(0).ops == 0);
  CHECK(k.run(7).ops == 7);
  CHECK(k.server_pid() == server);
  k.finish();
  CHECK(test::gone(server));
  CHECK(test::no_children());
}

TEST_CASE("spawn: a binary that is no fork server is refused in prepare, and nothing is left") {
  system::Spawn k("/bin/true");
  CHECK_THROWS_WITH_AS(k.prepare(),
                       "spawn: /bin/true could not run as a fork server (/bin/true --execl-child): spawn's fork server "
                       "stopped while reading from it: it exited with status 0",
                       KernelError);
  CHECK(test::no_children());
}

TEST_CASE("spawn: the fork server answers ready, then each count once its forks are done, and ends with its input") {
  int request[2];
  int reply[2];
  REQUIRE(::pipe(request) == 0);
  REQUIRE(::pipe(reply) == 0);
  const std::uint64_t counts[] = {3, 2};
  REQUIRE(::write(request[1], counts, sizeof counts) == static_cast<ssize_t>(sizeof counts));
  ::close(request[1]);
  CHECK(system::spawn_server(request[0], reply[1]) == 0);
  ::close(reply[1]);
  char answers[4] = {};
  CHECK(::read(reply[0], answers, sizeof answers) == 3);
  CHECK(answers[0] == 1);
  CHECK(answers[1] == 1);
  CHECK(answers[2] == 1);
  ::close(request[0]);
  ::close(reply[0]);
  CHECK(test::no_children());
}

}  // namespace hwbench::kernels
