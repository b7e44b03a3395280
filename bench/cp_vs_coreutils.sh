#!/usr/bin/env bash
# Compares cold 100 MB copies from disk into /dev/shm: coreutils `cp` against hwbench's cp kernel
# (through `hwbench run bench/cp-cold.bench`), in one invocation. A benchmark, not a test.
#
#   bench/cp_vs_coreutils.sh [DISK_DIR]        (default ./hwbench-disk/bench)
#
# Both sides copy the same ten files, of the same age: the script writes them once, lets them
# settle, then runs the rounds. Storage can go on working after it has acknowledged writes (a
# virtual disk's host cache writing back) and read new files slowly for a while; files written
# just before one side's pass would handicap that side.
#
# Environment: HWBENCH (default: the clone's build/hwbench), SHM_DIR (default /dev/shm), ROUNDS (default 2:
# each round is a coreutils pass and an hwbench run, the order alternating from one round to the
# next, so that neither side always goes first), SETTLE_MAX (default 120: the most seconds the
# settle may take; 0 skips it), KEEP (default 0: 1 keeps the files).
#
# The settle is hwbench's `settle until stable` rule (docs/language.md): once a second, evict the
# first file and read 64 MiB of it cold with dd, the slice moving on each time; stable when the
# last three rates are within 5% of each other.
#
# coreutils side, per file: evict it with `dd of=F oflag=nocache conv=notrunc,fdatasync count=0`,
# check with fincore (when installed) that nothing stayed resident, then time `cp F SHM_DIR/`
# with `date +%s%N` around the command (so it includes starting cp, as the procedure does).
# MB/s = 10^6 bytes per second; each side's figure is the mean of its per-file rates.
set -euo pipefail
. "$(dirname "$0")/common.sh"

dir=${1:-./hwbench-disk/bench}
shm=${SHM_DIR:-/dev/shm}
rounds=${ROUNDS:-2}
settle_max=${SETTLE_MAX:-120}
keep=${KEEP:-0}
count=10
size=100000000
label="hwbench cp cold 100MB"
recipe="$bench_dir/cp-cold.bench"

hwbench_binary
[ -f "$recipe" ] || die "missing recipe $recipe"
mkdir -p "$dir" || die "cannot create $dir"
dir=$(cd "$dir" && pwd)
fstype=$(stat -f -c %T "$dir")
case "$fstype" in
  tmpfs|ramfs) die "$dir is on $fstype; give a directory on a disk (its files cannot be evicted)" ;;
esac
[ "$(stat -f -c %T "$shm")" = tmpfs ] || echo "note: $shm is not a tmpfs" >&2

# One set of ten files on the disk, for both sides; hwbench keeps its ten copies in the RAM disk
# until its teardown.
avail_disk=$(df --output=avail -B1 "$dir" | tail -1)
avail_shm=$(df --output=avail -B1 "$shm" | tail -1)
(( avail_disk > count * size + 100000000 )) || die "$dir has $avail_disk bytes free; needs $((count * size))"
(( avail_shm > count * size + 100000000 )) || die "$shm has $avail_shm bytes free; needs $((count * size))"

shm_dir=$(mktemp -d "$shm/cp_vs_coreutils.XXXXXX")
work_dir cp_vs_coreutils
report=$work/report.txt
cleanup() {
  rm -rf "$shm_dir"
  if [ "$keep" != 1 ]; then
    for i in $(seq 1 "$count"); do rm -f "$dir/cu100m_$i"; done
  fi
}
on_exit cleanup

evict() { dd of="$1" oflag=nocache conv=notrunc,fdatasync count=0 status=none; }

resident_bytes() {
  if command -v fincore >/dev/null 2>&1; then fincore -n -b -o RES "$1" | tr -d ' '; else echo 0; fi
}

now_ns() { date +%s%N; }

# The "mean" column of the series' row in hwbench's report table (columns are separated by two
# or more spaces; the label may carry a mark such as [o]); failing that, the mean of the per-sample rates in the result file it names.
report_mean() {
  local m
  m=$(awk -F '  +' -v label="$label" '
        $1 == "series" { for (i = 2; i <= NF; i++) if ($i ~ /^mean/) col = i }
        { name = $1; sub(/ \[[a-z]+\]$/, "", name) }  # a drift [d] or outlier [o] mark
        col && name == label { print $col; exit }' "$1")
  if [ -z "$m" ] && command -v jq >/dev/null 2>&1; then
    local result
    result=$(sed -n 's/^result: //p' "$1" | head -1)
    if [ -n "$result" ] && [ -f "$result" ]; then
      m=$(jq -r -L "$bench_dir" --arg l "$label" 'include "result_samples"; [.series[] | select(.label == $l) | sample_objects[]
            | .bytes * 1000 / .wall_ns] | if length > 0 then add / length else empty end' "$result")
    fi
  fi
  echo "$m"
}

mean_of() { awk '{ s += $1; n++ } END { if (n) printf "%.1f", s / n; else print "nan" }'; }

# Once a second: evict $1, read 64 MiB of it at the next slice, print the rate (MB/s); stop when
# the last three rates are within 5% of each other, or once SETTLE_MAX seconds have passed.
settle() {
  local f=$1 slices=$(( size / (64 * 1048576) )) k=0 start t0 t1 rate
  local rates=()
  (( slices > 0 )) || slices=1
  start=$(now_ns)
  while :; do
    t0=$(now_ns)
    evict "$f"
    local r0 r1
    r0=$(now_ns)
    dd if="$f" of=/dev/null bs=1M count=64 skip=$(( (k % slices) * 64 )) status=none
    r1=$(now_ns)
    rate=$(awk -v b=$(( 64 * 1048576 )) -v ns="$((r1 - r0))" 'BEGIN { printf "%.1f", b * 1000 / ns }')
    rates+=("$rate")
    k=$((k + 1))
    printf '  probe %-3s %8s MB/s\n' "$k" "$rate"
    if (( ${#rates[@]} >= 3 )) && printf '%s\n' "${rates[@]: -3}" |
        awk 'NR == 1 { lo = hi = $1 } { if ($1 < lo) lo = $1; if ($1 > hi) hi = $1 } END { exit !(lo > 0 && hi <= lo * 1.05) }'; then
      echo "  stable after $k probes"
      return
    fi
    t1=$(( t0 + 1000000000 ))
    if (( t1 - start >= settle_max * 1000000000 )); then
      echo "  not stable within $settle_max s"
      return
    fi
    while (( $(now_ns) < t1 )); do sleep 0.05; done
  done
}

coreutils_pass() {
  echo
  echo "== round $1: coreutils cp, cold, disk -> $shm"
  for i in $(seq 1 "$count"); do
    f="$dir/cu100m_$i"
    evict "$f"
    res=$(resident_bytes "$f")
    [ "$res" = 0 ] || die "$f still has $res bytes in the page cache after eviction"
    t0=$(now_ns)
    cp "$f" "$shm_dir/"
    t1=$(now_ns)
    rm -f "$shm_dir/cu100m_$i"
    rate=$(awk -v b="$size" -v ns="$((t1 - t0))" 'BEGIN { printf "%.1f", b * 1000 / ns }')
    coreutils_rates+=("$rate")
    printf '  cu100m_%-3s %8.3f ms  %8s MB/s\n' "$i" "$(awk -v ns="$((t1 - t0))" 'BEGIN { print ns / 1e6 }')" "$rate"
  done
}

hwbench_pass() {
  echo
  echo "== round $1: $hwbench run $recipe (the same files)"
  "$hwbench" run -L disk="$dir" -L ramdisk="$shm" "$recipe" | tee "$report"
  mean=$(report_mean "$report")
  [ -n "$mean" ] || die "could not find the mean of \"$label\" in hwbench's report"
  hwbench_means+=("$mean")
}

echo "disk directory: $dir ($fstype); RAM disk: $shm; hwbench: $hwbench"
echo "making $count files of $size random bytes (both sides copy them)..."
for i in $(seq 1 "$count"); do
  f="$dir/cu100m_$i"
  if [ ! -f "$f" ] || [ "$(stat -c %s "$f")" != "$size" ]; then
    head -c "$size" /dev/urandom > "$f"
  fi
done
sync
if (( settle_max > 0 )); then
  echo "settling: probing cu100m_1 until its cold read rate is stable (at most $settle_max s)"
  settle "$dir/cu100m_1"
fi

coreutils_rates=()
hwbench_means=()
for round in $(seq 1 "$rounds"); do
  if (( round % 2 == 1 )); then
    coreutils_pass "$round"
    hwbench_pass "$round"
  else
    hwbench_pass "$round"
    coreutils_pass "$round"
  fi
done

cu_mean=$(printf '%s\n' "${coreutils_rates[@]}" | mean_of)
hw_mean=$(printf '%s\n' "${hwbench_means[@]}" | mean_of)
echo
echo "== cold 100 MB copies, disk -> $shm, mean of per-file rates over $rounds round(s)"
printf '  coreutils cp : %8s MB/s\n' "$cu_mean"
printf '  hwbench cp   : %8s MB/s\n' "$hw_mean"
awk -v h="$hw_mean" -v c="$cu_mean" 'BEGIN { printf "  ratio hwbench/coreutils: %.3f\n", h / c }'
