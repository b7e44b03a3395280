#pragma once
// What a run measures: samples grouped into series. Base figures only (bytes, ops, ns);
// nothing here is rounded or converted. A series keeps its samples column by column
// (model::Samples), and what its samples share, the kernel and its parameters, once per
// distinct set (model::ParamSet), so that a million samples take a few bytes each.
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/platform/clock.hpp"
#include "runtime/model/chunked_vector.hpp"

namespace hwbench::runtime::model {

/// A figure without raw measurements, as printed in an article or a tool's log.
struct Figure {
  double value = 0;
  std::string unit;  ///< a unit name known to units.hpp, e.g. "MB/s"
  /// The step of the printed value's last digit, in `unit`: 100 for dd's "1.1 GB/s" read in
  /// MB/s, 1 for its "894 MB/s"; 0 when not known. A figure is exact only to half of it.
  double resolution = 0;
};

/// What a sample ran: shared by every sample of a series that ran alike.
struct ParamSet {
  std::string kernel;                         ///< kernel name, "time", "parallel" or "published"
  std::map<std::string, std::string> params;  ///< resolved arguments, parameters and kernel notes, as text

  bool operator==(const ParamSet&) const = default;
};

/// What published and imported samples ran: kernel "published", no parameters.
ParamSet published_params();

/// One timed sample. wall_ns and cpu leave out what the kernel did through kernels::untimed().
struct Sample {
  std::uint32_t param_set = 0;  ///< index of its kernel and parameters in Series::param_sets
  std::uint32_t iteration = 0;  ///< 1-based index within its series
  std::uint64_t units = 0;      ///< units of work done
  std::uint64_t bytes = 0;
  std::uint64_t ops = 0;
  std::int64_t wall_ns = 0;
  platform::CpuTimes cpu;
  std::int64_t start_unix_ns = 0;   ///< wall-clock start, for the record only
  std::int64_t max_latency_ns = 0;  ///< the kernel's longest single operation (Work::max_latency_ns); 0: none
  std::int64_t max_rss_kb = 0;  ///< a command step's: the largest peak resident set of its runs (wait4), KiB; 0: none
  /// The block of the run it was taken in, 1-based, when its statement's samples were taken in
  /// blocks spread over the run (docs/language.md, "Blocks"); 0: taken back to back.
  std::uint32_t block = 0;
  /// In reruns joined into one result (analysis::join_reruns), whose blocks are the runs: the
  /// block the sample had in its own run, the round of an `interleave` block that pairs it; 0
  /// otherwise. Never written to a result file (a joined result is not one).
  std::uint32_t round = 0;
  bool cold = false;  ///< page cache evicted (and verified) before it
  /// Rates use CPU time, not wall time: this process's (usr + sys) and that of the programs it
  /// ran and waited for (cusr + csys: a command step's program); timed_ns() gives it.
  bool cpu_timed = false;
  /// How many samples `cpu` covers: 1, its own; n > 1 on the last sample of a CPU span, n samples
  /// too short to read the CPU clocks around each (run::CpuSpan), whose CPU time it holds; 0 on
  /// the span's other samples, whose CPU time was not read (cpu is 0).
  std::uint32_t cpu_samples = 1;
  std::optional<Figure> figure;  ///< set for imported or published samples only
};

/// The time a sample's rates are computed over: its wall time, or with cpu_timed its CPU time,
/// its waited-for programs' included. For a kernel without programs that is this process's alone,
/// what nbench's clock() measures; for `exec`/`sh` it is the program's, not hwbench's few
/// tenths of a millisecond around each spawn.
inline std::int64_t timed_ns(const Sample& s) { return s.cpu_timed ? platform::total_ns(s.cpu) : s.wall_ns; }

/// One 64-bit integer per sample (signed or unsigned alike, as its bit pattern), exact and
/// compact: value i is first + i·step plus a residual. The line is the one through the first two
/// values, refitted through the first and the newest when a residual would need eight bytes. The
/// residuals take no room while all are 0 (a constant, 1..n); twelve bytes for each one not 0
/// while at most a quarter are (a CPU time on every thousandth sample); else four bytes each
/// while each fits 32 bits (short times, times that grow evenly), eight bytes otherwise.
class IntColumn {
 public:
  /// Reads values in order from a given one, each in O(1) without a search: what a loop over
  /// every sample uses (operator[] searches a sparse column's block for each value).
  class Cursor {
   public:
    Cursor() = default;
    /// At value `i` (<= size()).
    Cursor(const IntColumn& column, std::size_t i);
    /// The value it is at (its index < size()).
    std::uint64_t value() const {
      switch (kind_) {
        case Kind::line:
          return at_line_;
        case Kind::sparse:
          return at_line_ + (i_ == next_sparse_ ? static_cast<std::uint64_t>(column_->sparse_value_[k_]) : 0);
        case Kind::narrow:
          return at_line_ + static_cast<std::uint64_t>(std::int64_t{column_->narrow_[i_]});
        case Kind::wide:
          return at_line_ + static_cast<std::uint64_t>(column_->wide_[i_]);
      }
      return at_line_;
    }
    /// Moves to the next value.
    void advance() {
      if (kind_ == Kind::sparse && i_ == next_sparse_) next_sparse_ = sparse_index(++k_);
      at_line_ += step_;
      ++i_;
    }

   private:
    enum class Kind : std::uint8_t { line, sparse, narrow, wide };
    std::size_t sparse_index(std::size_t k) const {
      return k < column_->sparse_at_.size() ? column_->sparse_at_[k] : SIZE_MAX;
    }
    const IntColumn* column_ = nullptr;
    Kind kind_ = Kind::line;
    std::uint64_t at_line_ = 0;  ///< first + step·i
    std::uint64_t step_ = 0;
    std::size_t i_ = 0;
    std::size_t k_ = 0;                   ///< while sparse: the first sparse entry at or after i_
    std::size_t next_sparse_ = SIZE_MAX;  ///< its index (SIZE_MAX: none left)
  };

  /// Appends `value`. Inline for the common cases (a residual of 0 while there are no others,
  /// one that fits the dense 32-bit residuals), since a short sample appends to every column.
  void push_back(std::uint64_t value) {
    const auto r = static_cast<std::int64_t>(value - next_line_);
    if ((size_ & (block - 1)) != 0 && (fast_ == Fast::on_line ? r == 0 : fast_ == Fast::narrow && fits_32(r))) {
      if (fast_ == Fast::narrow) narrow_.push_back(static_cast<std::int32_t>(r));
      next_line_ += step_;
      ++size_;
      return;
    }
    push_back_slow(value);
  }
  /// Appends values[0..n): push_back() for each, the common cases checked over a run of values
  /// at once (Samples folds its staged samples in here).
  void append(const std::uint64_t* values, std::size_t n);
  /// Value `i` (< size()).
  std::uint64_t operator[](std::size_t i) const;
  /// Calls fn(value) for every value, in order.
  template <typename Fn>
  void for_each(Fn&& fn) const {
    Cursor c(*this, 0);
    for (std::size_t i = 0; i < size_; ++i, c.advance()) fn(c.value());
  }
  /// How many values it holds.
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  /// Whether every value is the first.
  bool constant() const { return step_ == 0 && sparse_at_.empty() && narrow_.empty() && wide_.empty(); }
  /// Bytes of memory its values take (the residuals' capacity).
  std::size_t memory_bytes() const;

 private:
  static bool fits_32(std::int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }
  void push_back_slow(std::uint64_t value);
  std::size_t append_run(const std::uint64_t* values, std::size_t n);
  std::size_t sparse_lower_bound(std::size_t i) const;
  std::int64_t residual(std::size_t i) const;
  void densify(std::int64_t newest);
  bool refit(std::uint64_t newest);

  /// What push_back can do inline: nothing yet; append a value on the line (residual 0, while
  /// not dense); append a 32-bit residual (while dense and narrow). Block boundaries, every
  /// other residual and the first two values take push_back_slow().
  enum class Fast : std::uint8_t { none, on_line, narrow };

  std::uint64_t first_ = 0;
  std::uint64_t step_ = 0;
  std::size_t size_ = 0;
  std::uint64_t next_line_ = 0;  ///< first_ + step_ · size_
  Fast fast_ = Fast::none;
  std::size_t refitted_at_ = 0;                ///< size_ at the last refit (0: none)
  static constexpr std::size_t block = 4096;   ///< values per entry of sparse_block_
  ChunkedVector<std::uint32_t> sparse_block_;  ///< for each `block` values, the sparse entries before them
  ChunkedVector<std::uint64_t> sparse_at_;     ///< the indices of the residuals not 0, while sparse
  ChunkedVector<std::int64_t> sparse_value_;   ///< those residuals
  ChunkedVector<std::int32_t> narrow_;         ///< every residual, once dense while all fit 32 bits
  ChunkedVector<std::int64_t> wide_;           ///< every residual, once one did not fit 32 bits
};

/// A series' samples, stored as one IntColumn per field; read back as Sample values, in order
/// (replace() puts a changed one back). New samples are staged, one plain array per field, and
/// go into the columns `staged_rows` at a time, or as soon as anything reads a column: staging
/// a sample costs a store per field, and each column checks a run of values in one loop, which
/// is what a series of a million short samples needs (the run's bookkeeping against the time in
/// the kernel, bench/many_samples.sh).
class Samples {
 public:
  /// The integer fields of a Sample, one column each; `flags` holds cold (bit 0) and cpu_timed (bit 1).
  enum class Field {
    param_set,
    iteration,
    units,
    bytes,
    ops,
    wall_ns,
    usr_ns,
    sys_ns,
    cusr_ns,
    csys_ns,
    cpu_samples,
    start_unix_ns,
    max_latency_ns,
    flags,
    max_rss_kb,
    block,
    round,
    count_
  };
  /// Samples staged before they go into the columns.
  static constexpr std::size_t staged_rows = 64;
  /// Iterates over the samples in order, each made on reading (a cursor per column, so that a
  /// pass over every sample does no search).
  class const_iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Sample;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = const Sample;
    const_iterator(const Samples* samples, std::size_t i);
    const Sample operator*() const;
    const_iterator& operator++();
    const_iterator operator++(int) {
      const_iterator before = *this;
      ++*this;
      return before;
    }
    bool operator==(const const_iterator& other) const { return i_ == other.i_; }

   private:
    const Samples* samples_;
    std::size_t i_;
    std::array<IntColumn::Cursor, static_cast<std::size_t>(Field::count_)> cursors_;  ///< one per Field
  };

  Samples() = default;
  /// The samples of `list`, in order.
  Samples(std::initializer_list<Sample> list);
  // Copies take the staged rows that are in use, not the whole buffer.
  Samples(const Samples& other);
  Samples& operator=(const Samples& other);
  Samples(Samples&& other) noexcept;
  Samples& operator=(Samples&& other) noexcept;
  ~Samples() = default;

  /// Appends `sample`.
  void push_back(const Sample& sample) { push_back(sample, sample.param_set); }
  /// Appends `sample` with its param_set taken as `param_set` (Series::add's path, which keeps
  /// the sample itself unchanged).
  void push_back(const Sample& sample, std::uint32_t param_set) {
    if (sample.figure || with_figures_) note_figure(sample.figure);
    const std::size_t k = staged_;
    stage(Field::param_set, k, param_set);
    stage(Field::iteration, k, sample.iteration);
    stage(Field::units, k, sample.units);
    stage(Field::bytes, k, sample.bytes);
    stage(Field::ops, k, sample.ops);
    stage(Field::wall_ns, k, static_cast<std::uint64_t>(sample.wall_ns));
    stage(Field::usr_ns, k, static_cast<std::uint64_t>(sample.cpu.usr_ns));
    stage(Field::sys_ns, k, static_cast<std::uint64_t>(sample.cpu.sys_ns));
    stage(Field::cusr_ns, k, static_cast<std::uint64_t>(sample.cpu.cusr_ns));
    stage(Field::csys_ns, k, static_cast<std::uint64_t>(sample.cpu.csys_ns));
    stage(Field::cpu_samples, k, sample.cpu_samples);
    stage(Field::start_unix_ns, k, static_cast<std::uint64_t>(sample.start_unix_ns));
    stage(Field::max_latency_ns, k, static_cast<std::uint64_t>(sample.max_latency_ns));
    stage(Field::flags, k, (sample.cold ? 1U : 0U) | (sample.cpu_timed ? 2U : 0U));
    stage(Field::max_rss_kb, k, static_cast<std::uint64_t>(sample.max_rss_kb));
    stage(Field::block, k, sample.block);
    stage(Field::round, k, sample.round);
    if (++staged_ == staged_rows) fold();
  }
  /// Puts `sample` in place of sample `i` (< size()); rebuilds the columns, so O(size()).
  void replace(std::size_t i, const Sample& sample);
  // Samples are made on reading: const, so that writing to one (a lost change) does not compile.
  /// Sample `i` (< size()).
  const Sample operator[](std::size_t i) const;
  /// Sample `i`; throws std::out_of_range past the end.
  const Sample at(std::size_t i) const;
  const Sample front() const { return (*this)[0]; }
  const Sample back() const { return (*this)[size() - 1]; }
  std::size_t size() const { return columns_[0].size() + staged_; }
  bool empty() const { return size() == 0; }
  void clear() { *this = Samples(); }
  const_iterator begin() const {
    fold();
    return {this, 0};
  }
  const_iterator end() const { return {this, size()}; }
  /// Bytes of memory the samples take, for tests that hold it to a bound.
  std::size_t memory_bytes() const;
  /// Every sample's `field`, as a 64-bit pattern.
  const IntColumn& column(Field field) const {
    fold();
    return columns_[at(field)];
  }
  /// Whether any sample has a figure.
  bool has_figures() const { return with_figures_; }

 private:
  static constexpr std::size_t fields = static_cast<std::size_t>(Field::count_);
  static constexpr std::size_t at(Field field) { return static_cast<std::size_t>(field); }
  void stage(Field field, std::size_t k, std::uint64_t value) { staged_values_[at(field)][k] = value; }

  /// Puts the staged rows into the columns. Const, since reading a column needs it; the
  /// samples stay what they were.
  void fold() const;
  void note_figure(const std::optional<Figure>& figure);
  void copy_from(const Samples& other);
  void copy_staged(const Samples& other);

  // Mutable: fold() moves rows from staged_ into the columns when a reader asks for a column.
  mutable std::array<IntColumn, fields> columns_;
  /// Per field, the values of the samples not yet in columns_ (the first staged_ of each).
  mutable std::array<std::array<std::uint64_t, staged_rows>, fields> staged_values_;
  mutable std::uint32_t staged_ = 0;
  std::vector<std::optional<Figure>> figures_;  ///< one per sample once a sample has a figure
  bool with_figures_ = false;
};

/// Samples that belong together under one label.
struct Series {
  std::string label;
  /// The `section` it was declared in ("" at the top level, and in files older than sections'
  /// series): two sections may each have a series of the same label, an original tool's
  /// imported figures beside hwbench's own.
  std::string section;
  std::vector<ParamSet> param_sets;  ///< the distinct kernels and parameters of its samples, in order of first use
  Samples samples;
  bool converged = true;                  ///< false when an `until ci` target was not reached
  double ci_target_pct = 0;               ///< the `until ci` target, 0 when none
  std::map<std::string, Figure> printed;  ///< published only: aggregates as the source printed them (name -> figure)
  std::string unavailable;  ///< why this machine could not run it (kernels::KernelUnavailable); "" when it ran
  /// An unavailable series' unit: the one its figures would have been in (an openssl log's 0.00
  /// cell: its table's k or ops/s), which a published file names (`unit`); "" when not known.
  std::string unavailable_unit;

  /// Appends `sample`, run as `set`: its param_set becomes the index of `set` in param_sets,
  /// which gets it when it is new.
  void add(const Sample& sample, const ParamSet& set);
  /// Appends `sample`, run as param_sets[set] (< param_sets.size()).
  void add(const Sample& sample, std::uint32_t set) { samples.push_back(sample, set); }
  /// The index of `set` in param_sets, where it is added when it is new.
  std::uint32_t index_of(const ParamSet& set);
  /// The kernel and parameters `sample` (one of these samples) ran with; an empty set when
  /// its index names none.
  const ParamSet& params_of(const Sample& sample) const;
  /// Whether its figures were published or imported from a log (every set "published"), not
  /// read from the runs of a program here: such figures have no spread a verdict could use.
  bool published() const;
};

}  // namespace hwbench::runtime::model
