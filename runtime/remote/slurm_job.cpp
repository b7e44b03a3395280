#include "runtime/remote/slurm_job.hpp"

#include <array>
#include <sstream>

#include <fmt/format.h>

#include "runtime/remote/shell_quote.hpp"

namespace hwbench::runtime::remote {

namespace {

constexpr std::string_view base64_digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `bytes` in base64, in lines of 76 characters, each ended by a newline.
std::string base64_lines(std::string_view bytes) {
  std::string line, out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    std::uint32_t group = static_cast<std::uint8_t>(bytes[i]) << 16;
    if (i + 1 < bytes.size()) group |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes[i + 1])) << 8;
    if (i + 2 < bytes.size()) group |= static_cast<std::uint8_t>(bytes[i + 2]);
    for (std::size_t k = 0; k < 4; ++k)
      line += k <= bytes.size() - i ? base64_digits[(group >> (18 - 6 * k)) & 63] : '=';
    if (line.size() >= 76) {
      out += line + "\n";
      line.clear();
    }
  }
  if (!line.empty()) out += line + "\n";
  return out;
}

/// Appends the bytes of base64 `text` (one line, no newline) to `out`; false on a bad digit.
bool append_base64(std::string_view text, std::string& out) {
  std::uint32_t group = 0;
  int have = 0;
  for (char c : text) {
    if (c == '=') break;
    const auto digit = base64_digits.find(c);
    if (digit == std::string_view::npos) return false;
    group = (group << 6) | static_cast<std::uint32_t>(digit);
    if (++have == 4) {
      out += static_cast<char>((group >> 16) & 255);
      out += static_cast<char>((group >> 8) & 255);
      out += static_cast<char>(group & 255);
      group = 0;
      have = 0;
    }
  }
  if (have == 3) {
    out += static_cast<char>((group >> 10) & 255);
    out += static_cast<char>((group >> 2) & 255);
  } else if (have == 2) {
    out += static_cast<char>((group >> 4) & 255);
  } else if (have == 1) {
    return false;
  }
  return true;
}

}  // namespace

std::vector<std::string> salloc_argv(const SlurmOptions& options, const std::string& job_name) {
  std::vector<std::string> argv{"salloc", "--no-shell", "--job-name=" + job_name, "--ntasks-per-node=1"};
  if (options.nodes > 0) argv.push_back(fmt::format("--nodes={}", options.nodes));
  if (!options.partition.empty()) argv.push_back("--partition=" + options.partition);
  if (!options.nodelist.empty()) argv.push_back("--nodelist=" + options.nodelist);
  if (!options.time.empty()) argv.push_back("--time=" + options.time);
  if (!options.account.empty()) argv.push_back("--account=" + options.account);
  if (options.exclusive) argv.push_back("--exclusive");
  argv.insert(argv.end(), options.extra.begin(), options.extra.end());
  return argv;
}

std::optional<std::string> granted_job(const std::vector<std::string>& lines) {
  constexpr std::string_view granted = "Granted job allocation ";
  for (const auto& l : lines) {
    const auto at = l.find(granted);
    if (at == std::string::npos) continue;
    std::string id;
    for (std::size_t i = at + granted.size(); i < l.size() && l[i] >= '0' && l[i] <= '9'; ++i) id += l[i];
    if (!id.empty()) return id;
  }
  return std::nullopt;
}

std::string slurm_message(const std::vector<std::string>& lines) {
  for (auto it = lines.rbegin(); it != lines.rend(); ++it)
    if (it->find("error:") != std::string::npos) return *it;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it)
    if (!it->empty()) return *it;
  return "";
}

std::vector<std::string> srun_argv(const std::string& job, const std::string& node, const SlurmOptions& options,
                                   const std::string& binary, const std::vector<std::string>& words) {
  std::vector<std::string> argv{"srun",
                                "--jobid=" + job,
                                "--label",
                                "--ntasks-per-node=1",
                                "--kill-on-bad-exit=0",
                                "--bcast=" + options.bcast_dir,
                                "--nodes=1",
                                "--nodelist=" + node,
                                binary};
  argv.insert(argv.end(), words.begin(), words.end());
  return argv;
}

namespace {

constexpr std::string_view plain_task_dir = "hwbench-run.XXXXXX";

}  // namespace

std::string task_dir_template(const std::string& job, const std::string& node) {
  const bool job_id = !job.empty() && job.find_first_not_of("0123456789") == std::string::npos;
  if (!job_id || node.empty() || node.find('/') != std::string::npos || node == "." || node == "..")
    return std::string(plain_task_dir);
  return "hwbench-run." + job + "_" + node + ".XXXXXX";
}

std::vector<std::string> cleanup_argv(const std::string& job, const std::string& node, const std::string& dir,
                                      const SlurmOptions& options) {
  // The broadcast copies are BCAST_DIR/slurm_bcast_JOB.STEP_NODE, one per step that ran there.
  std::string script =
      "rm -f -- " + shell_quote(options.bcast_dir + "slurm_bcast_" + job + ".") + "*" + shell_quote("_" + node);
  // The run directory by its name, mkdtemp's six characters as six '?': the task's TMPDIR is the
  // one srun gives this step too. A name without the job's is nobody's to guess.
  std::string run_dir = task_dir_template(job, node);
  if (run_dir != plain_task_dir) {
    run_dir.resize(run_dir.size() - 6);
    script += " && rm -rf -- \"${TMPDIR:-/tmp}\"/" + shell_quote(run_dir) + "??????";
  }
  if (!dir.empty()) script += (run_dir == plain_task_dir ? " && rm -rf -- " : " ") + shell_quote(dir);
  return {"srun", "--jobid=" + job, "--nodes=1", "--nodelist=" + node, "--ntasks=1", "sh", "-c", script};
}

std::optional<std::pair<int, std::string>> labelled_line(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && line[i] == ' ') ++i;
  const std::size_t digits = i;
  int task = 0;
  while (i < line.size() && line[i] >= '0' && line[i] <= '9' && i - digits < 9) task = task * 10 + (line[i++] - '0');
  if (i == digits) return std::nullopt;
  if (line.substr(i) == ":") return std::pair{task, std::string()};  // an empty labelled line
  if (line.substr(i, 2) != ": ") return std::nullopt;
  return std::pair{task, std::string(line.substr(i + 2))};
}

std::map<int, std::string> split_by_task(std::string_view out) {
  std::map<int, std::string> tasks;
  while (!out.empty()) {
    const auto nl = out.find('\n');
    const std::string_view line = out.substr(0, nl);
    if (auto l = labelled_line(line)) tasks[l->first] += l->second + "\n";
    if (nl == std::string_view::npos) break;
    out.remove_prefix(nl + 1);
  }
  return tasks;
}

std::string encode_answer(const TaskAnswer& answer) {
  std::string out = fmt::format("hwbench-status {} {}\n", answer.status.value_or(-1), answer.machine);
  out += fmt::format("{}{}\n", node_line_prefix, answer.node);
  for (const auto& [name, bytes] : answer.files)
    out += fmt::format("hwbench-file {} {}\n", bytes.size(), name) + base64_lines(bytes) + "hwbench-end\n";
  return out;
}

TaskAnswer decode_answer(std::string_view text) {
  TaskAnswer a;
  std::istringstream in{std::string(text)};
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string tag;
    words >> tag;
    if (tag == "hwbench-status") {
      int code = 0;
      if (words >> code) a.status = code;
      words >> a.machine;
    } else if (line.rfind(node_line_prefix, 0) == 0) {
      a.node = line.substr(node_line_prefix.size());
    } else if (tag == "hwbench-file") {
      std::size_t size = 0;
      std::string name, bytes;
      words >> size >> name;
      bool ok = !name.empty();
      while (std::getline(in, line) && line != "hwbench-end") ok = ok && append_base64(line, bytes);
      if (ok && bytes.size() == size) a.files[name] = std::move(bytes);
    }
  }
  return a;
}

}  // namespace hwbench::runtime::remote
