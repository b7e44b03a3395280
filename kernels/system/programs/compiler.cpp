// `cc DIR`: UnixBench's C compiler throughput. One unit is one `cc -o cctest cctest.c` in DIR,
// compiling and linking a 3.6 KB C program of hwbench's own (a word and number statistics tool;
// UnixBench's cctest.c is a 3.5 KB program of its own). The compiler's temporary files go to
// DIR too (TMPDIR), so nothing is written outside the recipe's locations.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <string_view>

#include <fmt/format.h>

#include "base/platform/file_descriptor.hpp"
#include "kernels/common/kernel_io.hpp"
#include "kernels/system/common/program.hpp"
#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/programs/program_tests.hpp"

namespace hwbench::kernels::system {

namespace {

constexpr std::string_view program_text =
    R"cctest(/* hwbench's compiler-throughput program: a small word and number statistics tool. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define TABLE_SIZE 211
#define WORD_MAX 64

struct entry {
    char word[WORD_MAX];
    int count;
    struct entry *next;
};

static struct entry *table[TABLE_SIZE];
static long total_words;
static long total_numbers;
static double number_sum;

static unsigned hash(const char *s)
{
    unsigned h = 5381;
    while (*s)
        h = h * 33u + (unsigned char)*s++;
    return h % TABLE_SIZE;
}

static struct entry *lookup(const char *word, int create)
{
    unsigned h = hash(word);
    struct entry *e;
    for (e = table[h]; e != NULL; e = e->next)
        if (strcmp(e->word, word) == 0)
            return e;
    if (!create)
        return NULL;
    e = malloc(sizeof *e);
    if (e == NULL) {
        perror("malloc");
        exit(2);
    }
    strncpy(e->word, word, WORD_MAX - 1);
    e->word[WORD_MAX - 1] = '\0';
    e->count = 0;
    e->next = table[h];
    table[h] = e;
    return e;
}

static int by_count(const void *a, const void *b)
{
    const struct entry *x = *(const struct entry *const *)a;
    const struct entry *y = *(const struct entry *const *)b;
    if (x->count != y->count)
        return y->count - x->count;
    return strcmp(x->word, y->word);
}

static void add_token(const char *token)
{
    char *end;
    double value = strtod(token, &end);
    if (end != token && *end == '\0') {
        total_numbers++;
        number_sum += value;
        return;
    }
    total_words++;
    lookup(token, 1)->count++;
}

static void scan(FILE *in)
{
    char token[WORD_MAX];
    int length = 0;
    int c;
    while ((c = getc(in)) != EOF) {
        if (isalnum(c) || c == '.' || c == '_') {
            if (length < WORD_MAX - 1)
                token[length++] = (char)tolower(c);
            continue;
        }
        if (length > 0) {
            token[length] = '\0';
            add_token(token);
            length = 0;
        }
    }
    if (length > 0) {
        token[length] = '\0';
        add_token(token);
    }
}

static struct entry **sorted_entries(int *n)
{
    struct entry **all;
    struct entry *e;
    int i, k = 0;
    for (i = 0; i < TABLE_SIZE; i++)
        for (e = table[i]; e != NULL; e = e->next)
            k++;
    all = malloc((size_t)(k > 0 ? k : 1) * sizeof *all);
    if (all == NULL) {
        perror("malloc");
        exit(2);
    }
    k = 0;
    for (i = 0; i < TABLE_SIZE; i++)
        for (e = table[i]; e != NULL; e = e->next)
            all[k++] = e;
    qsort(all, (size_t)k, sizeof *all, by_count);
    *n = k;
    return all;
}

static void report(int top)
{
    int n, i;
    struct entry **all = sorted_entries(&n);
    printf("%ld words (%d distinct), %ld numbers", total_words, n, total_numbers);
    if (total_numbers > 0)
        printf(", mean %.3f", number_sum / (double)total_numbers);
    printf("\n");
    for (i = 0; i < n && i < top; i++)
        printf("%6d  %s\n", all[i]->count, all[i]->word);
    free(all);
}

int main(int argc, char **argv)
{
    int top = 10;
    int i;
    if (argc > 1 && strcmp(argv[1], "-n") == 0 && argc > 2) {
        top = atoi(argv[2]);
        argv += 2;
        argc -= 2;
    }
    if (argc < 2) {
        scan(stdin);
    } else {
        for (i = 1; i < argc; i++) {
            FILE *in = fopen(argv[i], "r");
            if (in == NULL) {
                perror(argv[i]);
                return 1;
            }
            scan(in);
            fclose(in);
        }
    }
    report(top);
    return 0;
}
)cctest";

// Enough for the checker's space accounting: a linked binary of this program is about 17 KB.
constexpr std::uint64_t binary_size = 64 * 1024;

struct CompilerFiles {
  std::string source;  ///< DIR/cctest.c
  std::string binary;  ///< DIR/cctest
};

CompilerFiles files_of(const Call& call) {
  const std::string& dir = call.args.at(0).path;
  return {common::join_path(dir, worker_file("cctest", call) + ".c"),
          common::join_path(dir, worker_file("cctest", call))};
}

class CompilerKernel : public Kernel {
 public:
  CompilerKernel(const Call& call, const Context& context)
      : dir_(call.args.at(0).path), files_(files_of(call)), context_(context) {}
  ~CompilerKernel() override { remove_files(); }

  void prepare() override {
    const std::string cc = find_program("cc");
    if (cc.empty()) throw KernelUnavailable("cc is not installed; install a C compiler with: apt-get install gcc");
    common::refuse_foreign_overwrite(files_.source, context_);
    common::refuse_foreign_overwrite(files_.binary, context_);
    platform::FileDescriptor fd = platform::open_file(files_.source, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (!fd.valid()) throw common::io_error("create", files_.source, errno);
    written_ = true;
    common::write_all(fd.get(), reinterpret_cast<const unsigned char*>(program_text.data()), program_text.size(),
                      files_.source);
    if (int err = fd.close(); err != 0) throw common::io_error("write", files_.source, err);
    run_.argv = {cc, "-o", common::base_name(files_.binary), common::base_name(files_.source)};
    run_.dir = dir_;
    run_.env_set = {"TMPDIR=" + dir_};
  }

  Work run(std::uint64_t n) override {
    if (!written_) prepare();
    return run_program_units(run_, n, context_, [](const ProgramOutcome& out) {
      return succeeded(out.status) ? std::string() : program_failure("cc", out);
    });
  }

  void finish() override { remove_files(); }

 private:
  void remove_files() {
    if (!written_) return;
    ::unlink(files_.source.c_str());
    ::unlink(files_.binary.c_str());
    written_ = false;
  }

  std::string dir_;
  CompilerFiles files_;
  Context context_;
  ProgramRun run_;
  bool written_ = false;
};

}  // namespace

KernelSpec compiler_spec() {
  KernelSpec spec =
      unixbench_spec("cc", "compiles and links a 3.6 KB C program with cc in DIR; one unit is one compile (report lpm)",
                     "UnixBench C Compiler Throughput (looper 60 cc cctest.c)", "cc DIR [worker N]", 60);
  spec.args = {directory_arg("the directory for the program and its binary")};
  spec.params = {worker_param()};
  spec.runs_programs = true;
  spec.effects = [](const Call& call, const platform::FileView& view) {
    FileEffects fx;
    if (refuse_non_directory(call, view, fx)) return fx;
    const CompilerFiles f = files_of(call);
    fx.creates.push_back({f.source, program_text.size()});
    fx.creates.push_back({f.binary, binary_size});
    fx.removes = {f.source, f.binary};
    return fx;
  };
  spec.make = [](const Call& call, const Context& context) -> std::unique_ptr<Kernel> {
    return std::make_unique<CompilerKernel>(call, context);
  };
  return spec;
}

}  // namespace hwbench::kernels::system
