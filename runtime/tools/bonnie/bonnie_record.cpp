#include "runtime/tools/bonnie/bonnie_record.hpp"

#include <utility>

#include "kernels/disk/bonnie.hpp"
#include "runtime/record/one_or_many.hpp"

namespace hwbench::runtime::tools::bonnie {

namespace {

using kernels::disk::bonnie_test_names;

/// The text fields every run has, with their JSON keys (the CSV header's names).
const std::pair<const char*, std::string BonnieLogRun::*> kTextFields[] = {
    {"format_version", &BonnieLogRun::format_version},
    {"bonnie_version", &BonnieLogRun::bonnie_version},
    {"name", &BonnieLogRun::name},
    {"concurrency", &BonnieLogRun::concurrency},
    {"seed", &BonnieLogRun::seed},
    {"file_size", &BonnieLogRun::file_size},
    {"io_chunk_size", &BonnieLogRun::io_chunk_size},
    {"num_files", &BonnieLogRun::num_files},
    {"max_size", &BonnieLogRun::max_size},
    {"min_size", &BonnieLogRun::min_size},
    {"num_dirs", &BonnieLogRun::num_dirs},
    {"file_chunk_size", &BonnieLogRun::file_chunk_size},
};

/// The text at `key`: a string as it is, any other value as its JSON text; nullopt when absent or null.
std::optional<std::string> text_at(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return std::nullopt;
  if (it->is_string()) return it->get<std::string>();
  return it->dump();
}

bool flag_at(const nlohmann::json& object, const char* key, bool fallback) {
  const auto it = object.find(key);
  return it != object.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

}  // namespace

void to_json(nlohmann::json& json, const BonnieLogRun& run) {
  json = nlohmann::json::object();
  for (const auto& [key, field] : kTextFields) json[key] = run.*field;
  json["tables"] = run.tables;
  json["csv"] = run.csv;
  if (run.seeks) json["seeks"] = *run.seeks;
  if (run.seek_proc_count) json["seek_proc_count"] = *run.seek_proc_count;
  if (run.csv_header) json["csv_header"] = true;
  if (!run.table_rates.empty()) json["table_rates"] = run.table_rates;
  json["too_quick"] = run.too_quick;
}

void from_json(const nlohmann::json& json, BonnieLogRun& run) {
  run = BonnieLogRun{};
  if (!json.is_object()) return;
  for (const auto& [key, field] : kTextFields) run.*field = text_at(json, key).value_or("");
  run.seeks = text_at(json, "seeks");
  run.seek_proc_count = text_at(json, "seek_proc_count");
  run.tables = flag_at(json, "tables", true);
  run.csv = flag_at(json, "csv", true);
  run.csv_header = flag_at(json, "csv_header", false);
  if (const auto it = json.find("table_rates"); it != json.end() && it->is_object())
    for (const auto& [test, text] : it->items())
      if (text.is_string()) run.table_rates[test] = text.get<std::string>();
  if (const auto it = json.find("too_quick"); it != json.end() && it->is_array())
    for (const auto& test : *it)
      if (test.is_string()) run.too_quick.push_back(test.get<std::string>());
}

void to_json(nlohmann::json& json, const BonnieLog& log) { record::one_or_many_to_json(json, log.runs); }

void from_json(const nlohmann::json& json, BonnieLog& log) {
  log.runs = record::one_or_many_from_json<BonnieLogRun>(json);
}

BonnieLogRun log_run_of(const BonnieRun& run) {
  BonnieLogRun record;
  record.format_version = run.format_version;
  record.bonnie_version = run.version;
  record.name = run.name;
  record.concurrency = run.concurrency;
  record.seed = run.seed;
  record.file_size = run.file_size;
  record.io_chunk_size = run.io_chunk_size;
  if (bonnie_layout(run) == BonnieLayout::v2_00) {
    record.seeks = run.seeks;
    record.seek_proc_count = run.seek_proc_count;
  }
  record.num_files = run.num_files;
  record.max_size = run.max_size;
  record.min_size = run.min_size;
  record.num_dirs = run.num_dirs;
  record.file_chunk_size = run.file_chunk_size;
  record.tables = run.shows_tables;
  record.csv = run.shows_csv;
  record.csv_header = run.csv_header;
  record.table_rates = run.table_rates;
  for (std::size_t t = 0; t < run.tests.size(); ++t)
    if (run.tests[t].state == BonnieFigure::State::too_quick) record.too_quick.emplace_back(bonnie_test_names[t]);
  return record;
}

void apply_log_run(const BonnieLogRun& record, BonnieRun& run) {
  run.format_version = record.format_version;
  run.version = record.bonnie_version;
  run.name = record.name;
  run.concurrency = record.concurrency;
  run.seed = record.seed;
  run.file_size = record.file_size;
  run.io_chunk_size = record.io_chunk_size;
  run.seeks = record.seeks.value_or("");
  run.seek_proc_count = record.seek_proc_count.value_or("");
  run.num_files = record.num_files;
  run.max_size = record.max_size;
  run.min_size = record.min_size;
  run.num_dirs = record.num_dirs;
  run.file_chunk_size = record.file_chunk_size;
  run.shows_tables = record.tables;
  run.shows_csv = record.csv;
  run.csv_header = record.csv_header;
  run.table_rates = record.table_rates;
}

std::optional<BonnieLog> read_bonnie_log(const model::Result& result) {
  const auto it = result.environment.find(environment_key);
  if (it == result.environment.end() || !(it->is_object() || it->is_array())) return std::nullopt;
  return it->get<BonnieLog>();
}

}  // namespace hwbench::runtime::tools::bonnie
