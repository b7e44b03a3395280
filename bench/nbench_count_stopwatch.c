/* Linked into a counting copy of nbench 2.2.3 by bench/nbench_counts.sh, with
 *   -Wl,--wrap=StartStopwatch -Wl,--wrap=StopStopwatch
 * so that nbench's own objects, built by its own Makefile, are unchanged: only the two calls that
 * open and close nbench's stopwatch (defined in its sysspec.c, a separate object, so never inlined)
 * land here instead.
 *
 * - Under `valgrind --tool=callgrind --collect-atstart=no`, collection is on exactly between the
 *   return of StartStopwatch and the call of StopStopwatch: nbench's timed region, and nothing of
 *   its set-up (refills, reseeds, calibration bookkeeping).
 * - Every timed region "lasts" exactly one second (CLOCKS_PER_SEC ticks, nbench's clock() unit
 *   on POSIX): with MINSECONDS=1 each measurement is one iteration, its figure (iterations/sec)
 *   is the number of counted units in one iteration, and every measurement agrees, so nbench
 *   stops after its five. The count of regions goes to stderr at exit.
 * Outside valgrind the client requests do nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <valgrind/callgrind.h>

static unsigned long regions;

static void report_regions(void) { fprintf(stderr, "hwbench-count: timed regions %lu\n", regions); }

unsigned long __wrap_StartStopwatch(void) {
  if (regions++ == 0) atexit(report_regions);
  CALLGRIND_TOGGLE_COLLECT;
  return 0;
}

unsigned long __wrap_StopStopwatch(unsigned long start) {
  CALLGRIND_TOGGLE_COLLECT;
  (void)start;
  return (unsigned long)CLOCKS_PER_SEC;
}
