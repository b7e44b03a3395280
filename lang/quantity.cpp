#include "lang/quantity.hpp"

#include <cctype>
#include <charconv>
#include <cstdlib>

namespace hwbench::lang {

const std::vector<Suffix>& number_suffixes() {
  static const std::vector<Suffix> table = {
      {"KiB", Dim::bytes, 1024.0},
      {"MiB", Dim::bytes, 1024.0 * 1024},
      {"GiB", Dim::bytes, 1024.0 * 1024 * 1024},
      {"TiB", Dim::bytes, 1024.0 * 1024 * 1024 * 1024},
      {"KB", Dim::bytes, 1e3},
      {"MB", Dim::bytes, 1e6},
      {"GB", Dim::bytes, 1e9},
      {"TB", Dim::bytes, 1e12},
      {"B", Dim::bytes, 1},
      {"min", Dim::seconds, 60},
      {"ns", Dim::seconds, 1e-9},
      {"us", Dim::seconds, 1e-6},
      {"ms", Dim::seconds, 1e-3},
      {"s", Dim::seconds, 1},
      {"h", Dim::seconds, 3600},
      {"%", Dim::percent, 1},
      {"k", Dim::none, 1e3},
      {"M", Dim::none, 1e6},
      {"G", Dim::none, 1e9},
  };
  return table;
}

const Suffix* find_suffix(std::string_view text) {
  for (const auto& s : number_suffixes())
    if (s.text == text) return &s;
  return nullptr;
}

std::vector<std::string> suffix_names() {
  std::vector<std::string> out;
  for (const auto& s : number_suffixes()) out.emplace_back(s.text);
  return out;
}

std::optional<Quantity> parse_quantity(std::string_view text) {
  std::size_t i = 0;
  auto digits = [&] {
    std::size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    return i > start;
  };
  if (!digits()) return std::nullopt;
  if (i + 1 < text.size() && text[i] == '.' && std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
    ++i;
    digits();
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t save = i++;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (!digits()) i = save;
  }
  std::string number(text.substr(0, i));
  double value = std::strtod(number.c_str(), nullptr);
  auto rest = text.substr(i);
  Quantity q{value, Dim::none, std::string(text)};
  if (rest.empty()) return q;
  const Suffix* s = find_suffix(rest);
  if (s == nullptr) return std::nullopt;
  q.value = value * s->factor;
  q.dim = s->dim;
  return q;
}

}  // namespace hwbench::lang
