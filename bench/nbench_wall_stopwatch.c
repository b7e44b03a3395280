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
 * the sums too, a handful among hundreds, all doing the same work per tick.
 *
 * Lockstep (bench/nbench_lockstep.sh): with HWBENCH_LOCKSTEP="FROM TO [MS]" (two FIFOs and a
 * turn's length, default 5 ms), nbench and a partner take turns on one CPU. Before its first
 * region nbench waits for the partner's byte on FROM (the partner has prepared). Once its regions
 * since the last turn add up to MS of wall time, it writes that sum (nanoseconds, 8 bytes, native
 * order) to TO and waits for the partner's byte again: the partner works while nbench is stopped,
 * for about as long. Turns of 5 ms keep the cost of switching (each side finds its data evicted
 * from the caches) small against the work; nbench's regions last from microseconds (LU
 * DECOMPOSITION's) to milliseconds. At exit TO
 * closes and the partner reads end of file. The handshake lies outside nbench's stopwatch and this
 * shim's. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

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

static int lockstep_from = -1, lockstep_to = -1;
static long long lockstep_turn_ns; /* regions' wall time since the partner's last turn */
static long long lockstep_min_turn_ns = 5000000LL;

static void lockstep_fail(const char* what) {
  fprintf(stderr, "hwbench-lockstep: %s\n", what);
  exit(1);
}

/* Waits for the partner's byte; a partner gone is an error, the run's figures would be alone. */
static void lockstep_wait(void) {
  char byte;
  if (read(lockstep_from, &byte, 1) != 1) lockstep_fail("the partner stopped answering");
}

static void lockstep_open(void) {
  const char* fifos = getenv("HWBENCH_LOCKSTEP");
  char from[4096], to[4096];
  double turn_ms;
  if (fifos == NULL) return;
  switch (sscanf(fifos, "%4095s %4095s %lf", from, to, &turn_ms)) {
    case 3:
      lockstep_min_turn_ns = (long long)(turn_ms * 1e6);
      break;
    case 2:
      break;
    default:
      lockstep_fail("HWBENCH_LOCKSTEP takes two FIFO paths and, optionally, a turn in ms");
  }
  /* The partner opens them in the same order, so neither waits for the other forever. */
  lockstep_to = open(to, O_WRONLY);
  lockstep_from = open(from, O_RDONLY);
  if (lockstep_to < 0 || lockstep_from < 0) lockstep_fail("cannot open the FIFOs");
  lockstep_wait();
}

unsigned long __wrap_StartStopwatch(void) {
  if (regions++ == 0) {
    atexit(report_sums);
    lockstep_open();
  }
  clock_gettime(CLOCK_MONOTONIC, &wall_start);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
  return __real_StartStopwatch();
}

unsigned long __wrap_StopStopwatch(unsigned long start) {
  const unsigned long ticks = __real_StopStopwatch(start);
  struct timespec wall_stop, cpu_stop;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_stop);
  clock_gettime(CLOCK_MONOTONIC, &wall_stop);
  const long long wall = elapsed_ns(&wall_start, &wall_stop);
  wall_sum += wall;
  cpu_sum += elapsed_ns(&cpu_start, &cpu_stop);
  lockstep_turn_ns += wall;
  if (lockstep_to >= 0 && lockstep_turn_ns >= lockstep_min_turn_ns) {
    if (write(lockstep_to, &lockstep_turn_ns, sizeof lockstep_turn_ns) != (ssize_t)sizeof lockstep_turn_ns)
      lockstep_fail("cannot write to the partner");
    lockstep_turn_ns = 0;
    lockstep_wait();
  }
  return ticks;
}
