// The words and text of a run on Slurm nodes (runtime/remote/slurm_job.hpp): the commands given
// to salloc and srun, what their output says, srun's labelled lines and the answer a node's
// task prints, byte for byte through base64.
#include "runtime/remote/slurm_job.hpp"

#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace remote = hwbench::runtime::remote;

TEST_CASE("slurm: salloc's words, every option and the default") {
  remote::SlurmOptions o;
  CHECK(remote::salloc_argv(o, "hwbench-quick") == std::vector<std::string>{"salloc", "--no-shell",
                                                                            "--job-name=hwbench-quick",
                                                                            "--ntasks-per-node=1", "--exclusive"});
  o.nodes = 4;
  o.partition = "debug";
  o.nodelist = "c[01-04]";
  o.time = "10:00";
  o.account = "perf";
  o.extra = {"--constraint=avx2", "--qos=short"};
  o.exclusive = false;
  CHECK(remote::salloc_argv(o, "j") == std::vector<std::string>{"salloc", "--no-shell", "--job-name=j",
                                                                "--ntasks-per-node=1", "--nodes=4", "--partition=debug",
                                                                "--nodelist=c[01-04]", "--time=10:00", "--account=perf",
                                                                "--constraint=avx2", "--qos=short"});
}

TEST_CASE("slurm: the job salloc granted, and Slurm's own message") {
  CHECK(remote::granted_job({"salloc: Pending job allocation 41", "salloc: Granted job allocation 42"}) == "42");
  CHECK_FALSE(remote::granted_job({"salloc: error: invalid partition specified: nope"}).has_value());
  CHECK(remote::slurm_message({"salloc: error: invalid partition specified: nope",
                               "salloc: error: Job submit/allocate failed: Invalid partition name specified"}) ==
        "salloc: error: Job submit/allocate failed: Invalid partition name specified");
  CHECK(remote::slurm_message({"srun: Job step aborted", ""}) == "srun: Job step aborted");
  CHECK(remote::slurm_message({}).empty());
}

TEST_CASE("slurm: srun's words for a node's step") {
  remote::SlurmOptions o;
  const std::vector<std::string> words{"run", "--slurm-task", "-o", "result.json", "quick.bench"};
  CHECK(remote::srun_argv("42", "c07", o, "/opt/dist/hwbench", words) ==
        std::vector<std::string>{"srun", "--jobid=42", "--label", "--ntasks-per-node=1", "--kill-on-bad-exit=0",
                                 "--bcast=/tmp/", "--nodes=1", "--nodelist=c07", "/opt/dist/hwbench", "run",
                                 "--slurm-task", "-o", "result.json", "quick.bench"});
}

TEST_CASE("slurm: a task's run directory is named by its job and node, and the clean-up step finds it by that name") {
  CHECK(remote::task_dir_template("42", "c07") == "hwbench-run.42_c07.XXXXXX");
  // No job id, or a node name that is no part of a file name: the plain name.
  CHECK(remote::task_dir_template("", "c07") == "hwbench-run.XXXXXX");
  CHECK(remote::task_dir_template("4x", "c07") == "hwbench-run.XXXXXX");
  CHECK(remote::task_dir_template("42", "") == "hwbench-run.XXXXXX");
  CHECK(remote::task_dir_template("42", "a/b") == "hwbench-run.XXXXXX");
  remote::SlurmOptions o;
  // Without the task's `hwbench-dir` line (lost when the task was killed), and with it.
  CHECK(remote::cleanup_argv("42", "c07", "", o) ==
        std::vector<std::string>{"srun", "--jobid=42", "--nodes=1", "--nodelist=c07", "--ntasks=1", "sh", "-c",
                                 "rm -f -- /tmp/slurm_bcast_42.*_c07 && rm -rf -- \"${TMPDIR:-/tmp}\"/"
                                 "hwbench-run.42_c07.??????"});
  CHECK(remote::cleanup_argv("42", "c 7", "/scratch/hwbench-run.42_c 7.a1B2c3", o).back() ==
        "rm -f -- /tmp/slurm_bcast_42.*'_c 7' && rm -rf -- \"${TMPDIR:-/tmp}\"/'hwbench-run.42_c 7.'?????? "
        "'/scratch/hwbench-run.42_c 7.a1B2c3'");
  CHECK(remote::cleanup_argv("42", "a/b", "/tmp/hwbench-run.x1y2z3", o).back() ==
        "rm -f -- /tmp/slurm_bcast_42.*_a/b && rm -rf -- /tmp/hwbench-run.x1y2z3");
}

TEST_CASE("slurm: srun's labelled lines, split by task") {
  CHECK(remote::labelled_line("0: hello") == std::pair{0, std::string("hello")});
  CHECK(remote::labelled_line(" 7: a: b") == std::pair{7, std::string("a: b")});
  CHECK(remote::labelled_line("12: ") == std::pair{12, std::string()});
  CHECK(remote::labelled_line("3:") == std::pair{3, std::string()});
  CHECK_FALSE(remote::labelled_line("srun: error: n2: task 1: Exited with exit code 3").has_value());
  CHECK_FALSE(remote::labelled_line("x0: y").has_value());
  CHECK_FALSE(remote::labelled_line("").has_value());
  const auto tasks = remote::split_by_task("1: b1\n0: a1\nsrun: something\n0: a2\n1: \n1: b3\n");
  REQUIRE(tasks.size() == 2);
  CHECK(tasks.at(0) == "a1\na2\n");
  CHECK(tasks.at(1) == "b1\n\nb3\n");
}

TEST_CASE("slurm: a task's answer comes back byte for byte, through labels and base64") {
  remote::TaskAnswer a;
  a.node = "c07";
  a.machine = "x86_64";
  a.status = 3;
  std::string binary;
  for (int i = 0; i < 1000; ++i) binary += static_cast<char>((i * 37) & 255);
  a.files["result.json"] = "{\"a\": 1}\nno newline at the end";
  a.files["reports.txt"] = binary;
  for (std::size_t n = 0; n <= 5; ++n) a.files["tail" + std::to_string(n)] = std::string("\0\xff\x10zq", n);
  const std::string text = remote::encode_answer(a);
  // No line srun could break: base64 lines are 76 characters at most.
  std::size_t longest = 0, start = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') {
      longest = std::max(longest, i - start);
      start = i + 1;
    }
  CHECK(longest <= 76);
  // As srun --label passes it on, task 4's lines among another task's and srun's own.
  std::string labelled;
  start = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') {
      labelled += "4: " + text.substr(start, i - start) + "\n1: noise\n";
      start = i + 1;
    }
  labelled += "srun: error: c08: task 1: Exited with exit code 1\n";
  const auto back = remote::decode_answer(remote::split_by_task(labelled).at(4));
  CHECK(back.node == "c07");
  CHECK(back.machine == "x86_64");
  CHECK(back.status == 3);
  CHECK(back.files == a.files);
}

TEST_CASE("slurm: an answer cut short or damaged keeps what is whole") {
  remote::TaskAnswer a;
  a.node = "n1";
  a.machine = "aarch64";
  a.status = 0;
  a.files["result.json"] = std::string(200, 'r');
  a.files["reports.txt"] = "reports\n";
  std::string text = remote::encode_answer(a);
  // reports.txt comes first (the files are in name order): damage one of its digits.
  const auto at = text.find("hwbench-file 8 reports.txt\n") + 27;
  text[at] = '*';
  const auto back = remote::decode_answer(text);
  CHECK(back.files.count("reports.txt") == 0);
  CHECK(back.files.at("result.json") == a.files["result.json"]);
  // Cut in the middle of result.json: it is left out, the status stays.
  const auto cut = remote::decode_answer(remote::encode_answer(a).substr(0, 150));
  CHECK(cut.status == 0);
  CHECK(cut.files.count("result.json") == 0);
}
