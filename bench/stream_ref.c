/*
 * stream_ref.c: a small reference STREAM, written for hwbench from STREAM's published rules
 * (STREAM 5.10 by John D. McCalpin): three arrays of doubles, a = 1, b = 2, c = 0, one
 * timing probe a = 2a, then NTIMES iterations of Copy (c = a), Scale (b = 3c), Add (c = a + b)
 * and Triad (a = b + 3c), each an OpenMP parallel loop with the static schedule, timed with
 * CLOCK_MONOTONIC. Iteration 0 is left out; the best rate is bytes / shortest time with
 * 16/16/24/24 bytes per element and MB = 10^6 bytes. The results are validated at the end.
 *
 * Build: cc $FLAGS -fopenmp -DSTREAM_ARRAY_SIZE=N stream_ref.c -o stream_ref
 * Run:   OMP_NUM_THREADS=T OMP_PROC_BIND=close OMP_PLACES=threads ./stream_ref
 * The last line is machine-readable: "RESULT copy scale add triad" in MB/s.
 *
 * Array layout. stream.c declares its arrays static, back to back. When the array size is a
 * power of two (hwbench's default is 4 x the last-level cache, 2^24 doubles on a 32 MiB L3),
 * a[j], b[j] and c[j] then lie exactly 2^27 bytes apart and collide in the core's address hashing;
 * on the project's AMD EPYC VM that costs Add and Triad 15-20% and Copy 25%, an artefact of the
 * layout that stream.c's OFFSET exists to dodge. So each array is allocated on its own, page
 * aligned, exactly as hwbench allocates its arrays; both sides then differ only in their loops.
 * -DSTREAM_STATIC_ARRAYS restores stream.c's static layout, to show the artefact.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#ifndef STREAM_ARRAY_SIZE
#define STREAM_ARRAY_SIZE 10000000
#endif
#define NTIMES 10
#define KERNELS 4

#ifdef STREAM_STATIC_ARRAYS
static double a[STREAM_ARRAY_SIZE];
static double b[STREAM_ARRAY_SIZE];
static double c[STREAM_ARRAY_SIZE];
#else
static double *a, *b, *c;

/* One array of STREAM_ARRAY_SIZE doubles, page aligned, as hwbench's AlignedBuffer gives. */
static double* page_aligned_array(void) {
  size_t page = 4096, bytes = sizeof(double) * (size_t)STREAM_ARRAY_SIZE;
  double* p = aligned_alloc(page, (bytes + page - 1) / page * page);
  if (p == NULL) {
    fprintf(stderr, "stream_ref: cannot allocate %zu bytes\n", bytes);
    exit(2);
  }
  return p;
}
#endif

static double seconds_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Average relative error of one array against the value every element should hold. */
static int array_fails(const char* name, const double* x, double expected) {
  double sum = 0.0;
  long j;
  for (j = 0; j < STREAM_ARRAY_SIZE; j++) sum += fabs(x[j] - expected);
  double avg = sum / (double)STREAM_ARRAY_SIZE;
  double rel = expected != 0.0 ? avg / fabs(expected) : avg;
  if (rel <= 1e-13) return 0;
  printf("Failed Validation on array %s[], AvgRelAbsErr %e > epsilon 1e-13 (expected %e)\n", name, rel, expected);
  return 1;
}

int main(void) {
  const double scalar = 3.0;
  const char* labels[KERNELS] = {"Copy:", "Scale:", "Add:", "Triad:"};
  const double words[KERNELS] = {2, 2, 3, 3};
  double times[KERNELS][NTIMES];
  long j;
  int k, n;
  int threads = 1;

#ifndef STREAM_STATIC_ARRAYS
  a = page_aligned_array();
  b = page_aligned_array();
  c = page_aligned_array();
#endif

#ifdef _OPENMP
#pragma omp parallel
#pragma omp master
  threads = omp_get_num_threads();
#endif

#pragma omp parallel for
  for (j = 0; j < STREAM_ARRAY_SIZE; j++) {
    a[j] = 1.0;
    b[j] = 2.0;
    c[j] = 0.0;
  }
#pragma omp parallel for
  for (j = 0; j < STREAM_ARRAY_SIZE; j++) a[j] = 2.0 * a[j];

  for (n = 0; n < NTIMES; n++) {
    double t = seconds_now();
#pragma omp parallel for
    for (j = 0; j < STREAM_ARRAY_SIZE; j++) c[j] = a[j];
    times[0][n] = seconds_now() - t;

    t = seconds_now();
#pragma omp parallel for
    for (j = 0; j < STREAM_ARRAY_SIZE; j++) b[j] = scalar * c[j];
    times[1][n] = seconds_now() - t;

    t = seconds_now();
#pragma omp parallel for
    for (j = 0; j < STREAM_ARRAY_SIZE; j++) c[j] = a[j] + b[j];
    times[2][n] = seconds_now() - t;

    t = seconds_now();
#pragma omp parallel for
    for (j = 0; j < STREAM_ARRAY_SIZE; j++) a[j] = b[j] + scalar * c[j];
    times[3][n] = seconds_now() - t;
  }

#ifdef STREAM_STATIC_ARRAYS
  const char* layout = "static arrays";
#else
  const char* layout = "page-aligned arrays";
#endif
  printf("stream_ref: %ld elements per array, %d threads, %d iterations, %s\n", (long)STREAM_ARRAY_SIZE, threads,
         NTIMES, layout);
  printf("Function    Best Rate MB/s  Avg time     Min time     Max time\n");
  double best[KERNELS];
  for (k = 0; k < KERNELS; k++) {
    double lo = times[k][1], hi = times[k][1], sum = 0.0;
    for (n = 1; n < NTIMES; n++) {
      sum += times[k][n];
      if (times[k][n] < lo) lo = times[k][n];
      if (times[k][n] > hi) hi = times[k][n];
    }
    double bytes = words[k] * sizeof(double) * (double)STREAM_ARRAY_SIZE;
    best[k] = 1e-6 * bytes / lo;
    printf("%-11s%12.1f  %11.6f  %11.6f  %11.6f\n", labels[k], best[k], sum / (NTIMES - 1), lo, hi);
  }

  /* Replay the arithmetic on scalars: what every element must hold now. */
  double aj = 2.0, bj = 2.0, cj = 0.0;
  for (n = 0; n < NTIMES; n++) {
    cj = aj;
    bj = scalar * cj;
    cj = aj + bj;
    aj = bj + scalar * cj;
  }
  int failed = array_fails("a", a, aj) + array_fails("b", b, bj) + array_fails("c", c, cj);
  if (failed) return 1;
  printf("Solution Validates\n");
  printf("RESULT %.1f %.1f %.1f %.1f\n", best[0], best[1], best[2], best[3]);
  return 0;
}
