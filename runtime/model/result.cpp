#include "runtime/model/result.hpp"

#include <algorithm>

namespace hwbench::runtime::model {

namespace {

bool same_index(const IndexSpec& a, const IndexSpec& b) { return a.label == b.label && a.baseline == b.baseline; }

}  // namespace

void add_once(std::vector<Baseline>& to, Baseline baseline) {
  if (std::none_of(to.begin(), to.end(), [&](const Baseline& known) { return known.name == baseline.name; }))
    to.push_back(std::move(baseline));
}

void add_once(std::vector<IndexSpec>& to, IndexSpec index) {
  if (std::none_of(to.begin(), to.end(), [&](const IndexSpec& known) { return same_index(known, index); }))
    to.push_back(std::move(index));
}

void add_once(std::vector<IndexValue>& to, IndexSpec index) {
  if (std::none_of(to.begin(), to.end(), [&](const IndexValue& known) { return same_index(known.spec, index); }))
    to.push_back(IndexValue{std::move(index), 0, {}, std::nullopt});
}

}  // namespace hwbench::runtime::model
