#include "runtime/model/sample.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace hwbench::runtime::model {

void IntColumn::push_back_slow(std::uint64_t value) {
  if (size_ == 0) first_ = value;
  if (size_ == 1 && sparse_at_.empty()) step_ = value - first_;
  // A first value unlike the rest (a series' first sample reads its own CPU time, the rest
  // share readings and are mostly 0): when the third value equals the second, the line is the
  // constant through them and the first value a sparse residual, not a slope that every later
  // residual would have to undo.
  if (size_ == 2 && step_ != 0 && sparse_at_.empty() && value == first_ + step_) {
    const auto r = static_cast<std::int64_t>(first_ - value);
    first_ = value;
    step_ = 0;
    sparse_block_.push_back(0);
    sparse_at_.push_back(0);
    sparse_value_.push_back(r);
  }
  // Where a block's sparse entries begin, so that reading one needs no search of them all
  // (kept from the first entry on: a column without any takes no room).
  if (size_ % block == 0 && !sparse_at_.empty() && narrow_.empty() && wide_.empty())
    sparse_block_.push_back(static_cast<std::uint32_t>(sparse_at_.size()));
  // Unsigned arithmetic wraps, so that every 64-bit pattern comes back exactly.
  auto r = static_cast<std::int64_t>(value - (first_ + step_ * size_));
  if (!wide_.empty()) {
    wide_.push_back(r);
  } else if (!narrow_.empty()) {
    if (!fits_32(r) && refit(value)) r = static_cast<std::int64_t>(value - (first_ + step_ * size_));
    if (fits_32(r)) {
      narrow_.push_back(static_cast<std::int32_t>(r));
    } else {
      for (std::size_t i = 0; i < narrow_.size(); ++i) wide_.push_back(narrow_[i]);
      narrow_.clear();
      wide_.push_back(r);
    }
  } else if (r != 0) {
    // Sparse while at most a quarter of the residuals are not 0 (and a few more at first).
    if (sparse_at_.size() < 16 + size_ / 4) {
      while (sparse_at_.empty() && sparse_block_.size() <= size_ / block) sparse_block_.push_back(0);
      sparse_at_.push_back(size_);
      sparse_value_.push_back(r);
    } else {
      densify(r);
    }
  }
  ++size_;
  next_line_ = first_ + step_ * size_;
  fast_ = !wide_.empty() || size_ < 2 ? Fast::none : narrow_.empty() ? Fast::on_line : Fast::narrow;
}

void IntColumn::append(const std::uint64_t* values, std::size_t n) {
  std::size_t i = 0;
  while (i < n) {
    i += append_run(values + i, n - i);
    if (i < n) push_back_slow(values[i++]);
  }
}

namespace {

// Two 64-bit lanes: GCC's and clang's generic vectors, one SSE2 or NEON register.
using Lanes = std::uint64_t __attribute__((vector_size(16)));

inline Lanes load_lanes(const std::uint64_t* values) {
  Lanes v;
  std::memcpy(&v, values, sizeof v);
  return v;
}

// Bits set in the result where some value of values[0..m) differs from its expected value
// line + step·j, or with `wide` where the difference does not fit 32 bits (signed) instead.
// Four values at a time in two pairs of lanes, no branch per value.
std::uint64_t off_line(const std::uint64_t* values, std::size_t m, std::uint64_t line, std::uint64_t step, bool wide) {
  constexpr std::uint64_t half = std::uint64_t{1} << 31;
  Lanes low = {line, line + step};
  Lanes high = {line + 2 * step, line + 3 * step};
  const Lanes stride = {4 * step, 4 * step};
  Lanes off = {0, 0};
  std::size_t j = 0;
  if (wide) {
    // A residual fits 32 bits when adding 2^31 leaves it under 2^32.
    for (; j + 4 <= m; j += 4, low += stride, high += stride)
      off |= ((load_lanes(values + j) - low + half) >> 32) | ((load_lanes(values + j + 2) - high + half) >> 32);
  } else {
    for (; j + 4 <= m; j += 4, low += stride, high += stride)
      off |= (load_lanes(values + j) ^ low) | (load_lanes(values + j + 2) ^ high);
  }
  std::uint64_t rest = off[0] | off[1];
  for (; j < m; ++j) {
    const std::uint64_t r = values[j] - (line + step * j);
    rest |= wide ? (r + half) >> 32 : r;
  }
  return rest;
}

}  // namespace

std::size_t IntColumn::append_run(const std::uint64_t* values, std::size_t n) {
  // What push_back does inline, for the values up to the next block boundary (where the slow
  // path keeps the sparse index) and up to the first that needs the slow path. Each run is
  // checked whole first, without a branch per value; only a run that fails is walked again
  // to find where it fails.
  const std::size_t offset = size_ & (block - 1);
  if (offset == 0 || fast_ == Fast::none) return 0;
  const std::size_t m = std::min(n, block - offset);
  const std::uint64_t line = next_line_;
  const std::uint64_t step = step_;
  const bool narrow = fast_ == Fast::narrow;
  std::size_t k = m;
  if (off_line(values, m, line, step, narrow) != 0) {
    k = 0;
    while (narrow ? fits_32(static_cast<std::int64_t>(values[k] - (line + step * k))) : values[k] == line + step * k)
      ++k;
  }
  if (narrow) {
    // The residuals through a buffer: the chunked vector's end stays in registers.
    std::array<std::int32_t, 64> residuals;
    for (std::size_t from = 0; from < k; from += residuals.size()) {
      const std::size_t count = std::min(residuals.size(), k - from);
      for (std::size_t j = 0; j < count; ++j)
        residuals[j] = static_cast<std::int32_t>(values[from + j] - (line + step * (from + j)));
      narrow_.append(residuals.data(), count);
    }
  }
  size_ += k;
  next_line_ = line + step * k;
  return k;
}

void IntColumn::densify(std::int64_t newest) {
  bool narrow = fits_32(newest);
  for (std::size_t k = 0; k < sparse_value_.size() && narrow; ++k) narrow = fits_32(sparse_value_[k]);
  std::size_t k = 0;
  for (std::size_t i = 0; i < size_; ++i) {
    std::int64_t r = 0;
    if (k < sparse_at_.size() && sparse_at_[k] == i) r = sparse_value_[k++];
    if (narrow)
      narrow_.push_back(static_cast<std::int32_t>(r));
    else
      wide_.push_back(r);
  }
  if (narrow)
    narrow_.push_back(static_cast<std::int32_t>(newest));
  else
    wide_.push_back(newest);
  sparse_at_.clear();
  sparse_value_.clear();
  sparse_block_.clear();
}

bool IntColumn::refit(std::uint64_t newest) {
  // At most once per doubling of the column, so that refits cost O(1) a value.
  if (size_ < 2 || size_ < 2 * refitted_at_) return false;
  refitted_at_ = size_;
  const auto rise = static_cast<std::int64_t>(newest - first_);
  const auto step = static_cast<std::uint64_t>(rise / static_cast<std::int64_t>(size_));
  ChunkedVector<std::int32_t> refitted;
  for (std::size_t i = 0; i < size_; ++i) {
    const auto r = static_cast<std::int64_t>((*this)[i] - (first_ + step * i));
    if (!fits_32(r)) return false;
    refitted.push_back(static_cast<std::int32_t>(r));
  }
  step_ = step;
  narrow_ = std::move(refitted);
  return true;
}

std::size_t IntColumn::sparse_lower_bound(std::size_t i) const {
  if (sparse_at_.empty()) return 0;
  // Binary search in the sparse entries of i's block (past the last block: none left).
  const std::size_t b = i / block;
  if (b >= sparse_block_.size()) return sparse_at_.size();
  std::size_t lo = sparse_block_[b], hi = b + 1 < sparse_block_.size() ? sparse_block_[b + 1] : sparse_at_.size();
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (sparse_at_[mid] < i)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

std::int64_t IntColumn::residual(std::size_t i) const {
  if (!wide_.empty()) return wide_[i];
  if (!narrow_.empty()) return narrow_[i];
  const std::size_t k = sparse_lower_bound(i);
  return k < sparse_at_.size() && sparse_at_[k] == i ? sparse_value_[k] : 0;
}

IntColumn::Cursor::Cursor(const IntColumn& column, std::size_t i)
    : column_(&column), at_line_(column.first_ + column.step_ * i), step_(column.step_), i_(i) {
  if (!column.wide_.empty()) {
    kind_ = Kind::wide;
  } else if (!column.narrow_.empty()) {
    kind_ = Kind::narrow;
  } else if (!column.sparse_at_.empty()) {
    kind_ = Kind::sparse;
    k_ = column.sparse_lower_bound(i);
    next_sparse_ = sparse_index(k_);
  }
}

std::uint64_t IntColumn::operator[](std::size_t i) const {
  return first_ + step_ * i + static_cast<std::uint64_t>(residual(i));
}

std::size_t IntColumn::memory_bytes() const {
  return sparse_block_.capacity() * sizeof(std::uint32_t) + sparse_at_.capacity() * sizeof(std::uint64_t) +
         sparse_value_.capacity() * sizeof(std::int64_t) + narrow_.capacity() * sizeof(std::int32_t) +
         wide_.capacity() * sizeof(std::int64_t);
}

namespace {

std::int64_t signed_of(std::uint64_t value) { return static_cast<std::int64_t>(value); }

}  // namespace

Samples::Samples(std::initializer_list<Sample> list) {
  for (const auto& sample : list) push_back(sample);
}

void Samples::copy_staged(const Samples& other) {
  for (std::size_t f = 0; f < fields; ++f)
    std::copy_n(other.staged_values_[f].begin(), other.staged_, staged_values_[f].begin());
  staged_ = other.staged_;
}

void Samples::copy_from(const Samples& other) {
  columns_ = other.columns_;
  copy_staged(other);
  figures_ = other.figures_;
  with_figures_ = other.with_figures_;
}

Samples::Samples(const Samples& other) { copy_from(other); }

Samples& Samples::operator=(const Samples& other) {
  if (this != &other) copy_from(other);
  return *this;
}

Samples::Samples(Samples&& other) noexcept
    : columns_(std::move(other.columns_)),
      staged_(other.staged_),
      figures_(std::move(other.figures_)),
      with_figures_(other.with_figures_) {
  copy_staged(other);
  other.staged_ = 0;
}

Samples& Samples::operator=(Samples&& other) noexcept {
  if (this == &other) return *this;
  columns_ = std::move(other.columns_);
  copy_staged(other);
  other.staged_ = 0;
  figures_ = std::move(other.figures_);
  with_figures_ = other.with_figures_;
  return *this;
}

void Samples::note_figure(const std::optional<Figure>& figure) {
  if (!with_figures_) {
    figures_.resize(size());
    with_figures_ = true;
  }
  figures_.push_back(figure);
}

void Samples::fold() const {
  if (staged_ == 0) return;
  for (std::size_t f = 0; f < fields; ++f) columns_[f].append(staged_values_[f].data(), staged_);
  staged_ = 0;
}

namespace {

// Sample `i` of `samples`, its fields read by get(field).
template <typename Get>
Sample sample_of(const Get& get, std::size_t i, const std::vector<std::optional<Figure>>* figures) {
  using Field = Samples::Field;
  const auto get_signed = [&](Field field) { return signed_of(get(field)); };
  Sample s;
  s.param_set = static_cast<std::uint32_t>(get(Field::param_set));
  s.iteration = static_cast<std::uint32_t>(get(Field::iteration));
  s.units = get(Field::units);
  s.bytes = get(Field::bytes);
  s.ops = get(Field::ops);
  s.wall_ns = get_signed(Field::wall_ns);
  s.cpu = {get_signed(Field::usr_ns), get_signed(Field::sys_ns), get_signed(Field::cusr_ns),
           get_signed(Field::csys_ns)};
  s.cpu_samples = static_cast<std::uint32_t>(get(Field::cpu_samples));
  s.start_unix_ns = get_signed(Field::start_unix_ns);
  s.max_latency_ns = get_signed(Field::max_latency_ns);
  s.max_rss_kb = get_signed(Field::max_rss_kb);
  s.block = static_cast<std::uint32_t>(get(Field::block));
  s.round = static_cast<std::uint32_t>(get(Field::round));
  const std::uint64_t flags = get(Field::flags);
  s.cold = (flags & 1U) != 0;
  s.cpu_timed = (flags & 2U) != 0;
  if (figures != nullptr) s.figure = (*figures)[i];
  return s;
}

}  // namespace

const Sample Samples::operator[](std::size_t i) const {
  const std::size_t folded = columns_[0].size();
  const std::vector<std::optional<Figure>>* figures = with_figures_ ? &figures_ : nullptr;
  // A staged sample is read from its row (the progress display reads each new one).
  if (i >= folded) return sample_of([&](Field field) { return staged_values_[at(field)][i - folded]; }, i, figures);
  return sample_of([&](Field field) { return columns_[at(field)][i]; }, i, figures);
}

Samples::const_iterator::const_iterator(const Samples* samples, std::size_t i) : samples_(samples), i_(i) {
  if (i_ >= samples_->size()) return;  // the end: never read
  for (std::size_t f = 0; f < cursors_.size(); ++f) cursors_[f] = IntColumn::Cursor(samples_->columns_[f], i_);
}

const Sample Samples::const_iterator::operator*() const {
  return sample_of([&](Field field) { return cursors_[static_cast<std::size_t>(field)].value(); }, i_,
                   samples_->with_figures_ ? &samples_->figures_ : nullptr);
}

Samples::const_iterator& Samples::const_iterator::operator++() {
  for (IntColumn::Cursor& c : cursors_) c.advance();
  ++i_;
  return *this;
}

void Samples::replace(std::size_t i, const Sample& sample) {
  fold();
  Samples rebuilt;
  for (std::size_t j = 0; j < size(); ++j) rebuilt.push_back(j == i ? sample : (*this)[j]);
  *this = std::move(rebuilt);
}

const Sample Samples::at(std::size_t i) const {
  if (i >= size()) throw std::out_of_range("sample " + std::to_string(i) + " of " + std::to_string(size()));
  return (*this)[i];
}

std::size_t Samples::memory_bytes() const {
  fold();
  std::size_t total = figures_.capacity() * sizeof(std::optional<Figure>);
  for (const IntColumn& c : columns_) total += c.memory_bytes();
  return total;
}

ParamSet published_params() { return {"published", {}}; }

bool Series::published() const {
  if (!samples.has_figures()) return false;
  return std::all_of(param_sets.begin(), param_sets.end(), [](const ParamSet& p) { return p.kernel == "published"; });
}

std::uint32_t Series::index_of(const ParamSet& set) {
  // The newest set is the likeliest; a series has a handful of sets at most.
  auto found = param_sets.end();
  if (!param_sets.empty() && param_sets.back() == set)
    found = param_sets.end() - 1;
  else
    found = std::find(param_sets.begin(), param_sets.end(), set);
  if (found == param_sets.end()) found = param_sets.insert(param_sets.end(), set);
  return static_cast<std::uint32_t>(found - param_sets.begin());
}

void Series::add(const Sample& sample, const ParamSet& set) { add(sample, index_of(set)); }

const ParamSet& Series::params_of(const Sample& sample) const {
  static const ParamSet none;
  return sample.param_set < param_sets.size() ? param_sets[sample.param_set] : none;
}

}  // namespace hwbench::runtime::model
