/* Linked into a timing copy of nbench 2.2.3 by bench/nbench_suite.sh, with
 *   -Wl,--wrap=StartStopwatch -Wl,--wrap=StopStopwatch
 * so that nbench's own objects, built by its own Makefile, are unchanged and still time
 * themselves with their own stopwatch (clock(), process CPU time): the figures nbench prints are
 * the ones the plain binary prints. Around every timed region this shim also reads the monotonic
 * clock and the process CPU clock, outside nbench's own readings (before its start, after its
 * stop), and at exit writes the sums to stderr:
 *   hwbench-wall: regions R wall_ns W cpu_ns C
 * A run of one test (CUSTOMRUN) then gives that test's wall-time rate as nbench's CPU-time rate
 * times C / W: the same work over wall time instead of CPU time. The calibration regions are in
 * the sums too, a handful among hundreds, all doing the same work per tick. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

unsigned long __real_StartStopwatch(void);
unsigned long __real_StopStopwatch(unsigned long start);

static unsigned long regions;
static long long wall_sum, cpu_sum;
static struct timespec wall_start, cpu_start;

static long long elapsed_ns(const struct timespec* from, const struct timespec* to) {
  return (long long)(to->tv_sec - from->tv_sec) * 1000000000LL + (to->tv_nsec - from->tv_nsec);
}

static void report_sums(void) {
  fprintf(stderr, "hwbench-wall: regions %lu wall_ns %lld cpu_ns %lld\n", regions, wall_sum, cpu_sum);
}

unsigned long __wrap_StartStopwatch(void) {
  if (regions++ == 0) atexit(report_sums);
  clock_gettime(CLOCK_MONOTONIC, &wall_start);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
  return __real_StartStopwatch();
}

unsigned long __wrap_StopStopwatch(unsigned long start) {
  const unsigned long ticks = __real_StopStopwatch(start);
  struct timespec wall_stop, cpu_stop;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_stop);
  clock_gettime(CLOCK_MONOTONIC, &wall_stop);
  wall_sum += elapsed_ns(&wall_start, &wall_stop);
  cpu_sum += elapsed_ns(&cpu_start, &cpu_stop);
  return ticks;
}
