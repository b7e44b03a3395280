#include "kernels/crypto/crypto.hpp"

#include <cmath>

#include "kernels/contract/registry.hpp"

namespace hwbench::kernels {

void crypto::register_kernels(Registry& registry) {
  registry.add(crypto::digest_spec());
  registry.add(crypto::hmac_spec());
  registry.add(crypto::cipher_spec());
  registry.add(crypto::pkey_spec());
}

namespace crypto {

ArgSpec algorithm_arg(const std::string& help) { return {"ALG", ArgKind::word, "", help}; }

ParamSpec block_param() {
  ParamSpec p;
  p.name = "block";
  p.type = ParamType::size;
  p.unit = "bytes";
  p.default_text = std::to_string(default_block);
  p.min = 1;
  p.max = 64.0 * 1024 * 1024;
  p.help = "bytes per operation (openssl speed: 16, 64, 256, 1024, 8192, 16384)";
  return p;
}

std::size_t block_of(const Call& call) {
  const auto it = call.params.find("block");
  if (it == call.params.end() || it->second.number < 1) return default_block;
  return static_cast<std::size_t>(std::llround(it->second.number));
}

const std::string& algorithm_word(const Call& call) { return call.args.at(0).text; }

const Algorithm& call_algorithm(const Call& call, AlgorithmKind kind) {
  const Algorithm* algorithm = find_algorithm(algorithm_word(call), kind);
  if (algorithm == nullptr) throw KernelError(unknown_algorithm(algorithm_word(call), kind).message);
  return *algorithm;
}

std::function<FileEffects(const Call&, const platform::FileView&)> algorithm_effects(AlgorithmKind kind) {
  return [kind](const Call& call, const platform::FileView&) {
    FileEffects fx;
    if (find_algorithm(algorithm_word(call), kind) == nullptr)
      fx.problems.push_back(unknown_algorithm(algorithm_word(call), kind));
    return fx;
  };
}

DefaultMeasure count_for(double seconds) {
  DefaultMeasure m;
  m.for_seconds = seconds;
  return m;
}

KernelSpec symmetric_spec(const std::string& name, const std::string& help, const std::string& lineage,
                          const std::string& synopsis, const std::string& algorithm_help, AlgorithmKind kind) {
  KernelSpec spec;
  spec.name = name;
  spec.family = "crypto";
  spec.help = help;
  spec.lineage = lineage;
  spec.synopsis = synopsis;
  spec.args = {algorithm_arg(algorithm_help)};
  spec.params = {block_param()};
  spec.unit = WorkUnit::bytes;
  spec.one_thread = true;
  spec.measure = count_for(symmetric_seconds);
  spec.effects = algorithm_effects(kind);
  return spec;
}

}  // namespace crypto
}  // namespace hwbench::kernels
