#include "runtime/record/programs_json.hpp"

namespace hwbench::runtime::record {

using nlohmann::json;

json programs_to_json(const std::vector<model::ProgramOutput>& programs) {
  json out = json::array();
  for (const auto& p : programs) {
    json o = {{"series", p.series},
              {"iteration", p.iteration},
              {"statement", p.statement},
              {"argv", p.argv},
              {"ended", p.ended},
              {"exit_code", p.exit_code},
              {"signal", p.signal},
              {"timed_out", p.timed_out},
              {"wall_ns", p.wall_ns},
              {"usr_ns", p.usr_ns},
              {"sys_ns", p.sys_ns},
              {"max_rss_kb", p.max_rss_kb},
              {"cpu_source", p.cpu_source},
              {"stdout", p.stdout_text},
              {"stderr", p.stderr_text},
              {"stdout_bytes", p.stdout_bytes},
              {"stderr_bytes", p.stderr_bytes},
              {"stdout_cut", p.stdout_cut},
              {"stderr_cut", p.stderr_cut}};
    if (p.tree_peak_memory_bytes) o["tree_peak_memory_bytes"] = *p.tree_peak_memory_bytes;
    out.push_back(std::move(o));
  }
  return out;
}

std::vector<model::ProgramOutput> programs_from_json(JsonReader& in, const json& parent, const std::string& where) {
  std::vector<model::ProgramOutput> programs;
  in.each_object(parent, where, "programs", [&](const json& o, const std::string& path) {
    model::ProgramOutput p;
    p.series = in.text(o, path, "series");
    p.iteration = static_cast<std::uint32_t>(in.unsigned_integer(o, path, "iteration", UINT32_MAX));
    p.statement = in.text(o, path, "statement");
    p.argv = in.string_list(o, path, "argv");
    p.ended = in.text(o, path, "ended");
    p.exit_code = static_cast<int>(in.signed_integer(o, path, "exit_code"));
    p.signal = static_cast<int>(in.signed_integer(o, path, "signal"));
    p.timed_out = in.boolean(o, path, "timed_out");
    p.wall_ns = in.signed_integer(o, path, "wall_ns");
    p.usr_ns = in.signed_integer(o, path, "usr_ns");
    p.sys_ns = in.signed_integer(o, path, "sys_ns");
    p.max_rss_kb = in.signed_integer(o, path, "max_rss_kb");
    if (in.member(o, path, "tree_peak_memory_bytes", /*optional=*/true))
      p.tree_peak_memory_bytes = in.unsigned_integer(o, path, "tree_peak_memory_bytes");
    p.cpu_source = in.text(o, path, "cpu_source");
    p.stdout_text = in.text(o, path, "stdout");
    p.stderr_text = in.text(o, path, "stderr");
    p.stdout_bytes = in.unsigned_integer(o, path, "stdout_bytes");
    p.stderr_bytes = in.unsigned_integer(o, path, "stderr_bytes");
    p.stdout_cut = in.boolean(o, path, "stdout_cut");
    p.stderr_cut = in.boolean(o, path, "stderr_cut");
    programs.push_back(std::move(p));
  });
  return programs;
}

}  // namespace hwbench::runtime::record
