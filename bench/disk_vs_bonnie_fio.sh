#!/usr/bin/env bash
# hwbench's disk kernels against the tools they reproduce, in one go on the same directory:
#   bonnie++ (Debian package bonnie++, 2.00a) block write and block read
#       against `bonnie put_block` and `bonnie get_block`;
#   fio (Debian package fio) sequential O_DIRECT write and read in 256 KiB blocks
#       against `xbench write|read … block 256KiB sequential method direct`.
# Prints every round's figures, then each pair's medians and the ratio hwbench / tool; the goal
# is 0.90 .. 1.10. A benchmark, not a test: run it as root on a directory on a real disk.
#
#   bench/disk_vs_bonnie_fio.sh [DIR] [SIZE_MIB]      (defaults ./hwbench-disk/bench, 2048)
#
# Environment:
#   HWBENCH  the hwbench binary (default: the clone's build/hwbench)
#   ROUNDS   rounds (default 3); in each round every pair (tool, hwbench) runs back to back, the
#            side that goes first alternating; the summary gives each figure's median and, as the
#            verdict, the median of the rounds' own hwbench / tool ratios
#   SETTLE   seconds to wait (after a sync) before each measurement (default 5)
#   CACHE    the page-cache state of the block read, the same for both sides (default evicted):
#     evicted  the test file is dropped from the page cache just before the read's timer starts
#              (fdatasync + POSIX_FADV_DONTNEED on that one file, then fincore must count 0
#              resident bytes): the state bonnie++'s size rule (a file of twice the RAM) is meant
#              to give, with a file that fits in RAM. bonnie++ runs with `-y p`, which makes it
#              wait for a line on stdin before each test (outside its timer); this script evicts
#              Bonnie.<pid> at the prompt before "Reading intelligently" and then answers.
#              hwbench runs `bonnie get_block … evict`, which does the same and checks it with
#              mincore. The read then measures the disk, not the CPU, so other people's compiles
#              on the machine disturb it far less.
#     cached   neither side evicts: both read the file right after rewriting it, as bonnie++ does,
#              and with SIZE below the RAM that is a read of the page cache: a memory copy whose
#              speed is the CPU share the process gets (on a busy machine it varies 4x run to run).
#
# bonnie++ runs as `bonnie++ -d DIR -s SIZE -r SIZE/2 -n 0 -f -q -u root -y p` (block write,
# rewrite, block read and seeks; one file, DIR/Bonnie.<pid>); its CSV gives K/sec (KiB/s). hwbench
# gets the same size and RAM figure. fio runs `--rw=write|read --bs=256k --direct=1
# --ioengine=psync --end_fsync=1` on a new SIZE MiB file each time (see run_fio) and its JSON
# gives bw_bytes; hwbench's xbench write also ends with fdatasync inside its timer, and sets up its
# file as fio does (fallocate; see kernels/disk/xbench.cpp). Missing tools are installed with
# apt-get (root only).
set -euo pipefail
. "$(dirname "$0")/common.sh"

dir=${1:-./hwbench-disk/bench}
size=${2:-2048}
rounds=${ROUNDS:-3}
cache=${CACHE:-evicted}
settle_seconds=${SETTLE:-5}

case "$cache" in evicted|cached) ;; *) die "CACHE must be evicted or cached, not '$cache'" ;; esac
hwbench_binary
for tool in bonnie++:bonnie++ fio:fio fincore:util-linux; do
  cmd=${tool%%:*} pkg=${tool##*:}
  if ! command -v "$cmd" >/dev/null && ! [ -x "/usr/sbin/$cmd" ]; then
    [ "$(id -u)" = 0 ] || die "$cmd is missing; install the Debian package $pkg"
    echo "installing $pkg" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$pkg" >/dev/null || die "apt-get install $pkg failed"
  fi
done
bonnie=$(command -v bonnie++ || echo /usr/sbin/bonnie++)

mkdir -p "$dir" || die "cannot create $dir"
dir=$(cd "$dir" && pwd)
case "$(stat -f -c %T "$dir")" in
  tmpfs|ramfs) die "$dir is on tmpfs: give a directory on a disk" ;;
esac
avail=$(df --output=avail -B1M "$dir" | tail -1)
(( avail > 2 * size + 100 )) || die "$dir has ${avail} MiB free; needs $((2 * size + 100))"

work_dir disk_vs_bonnie_fio
on_exit 'rm -f "$dir/fio.data"'

evict_word=""
[ "$cache" = evicted ] && evict_word=" evict"
# One recipe per pair, so that each hwbench figure is taken right next to the tool's.
cat >"$work/bonnie.bench" <<EOF
series "put_block" bonnie put_block disk: size ${size}MiB ram $((size / 2))MiB
series "get_block" bonnie get_block disk: size ${size}MiB ram $((size / 2))MiB${evict_word}
EOF
for rw in write read; do
  echo "series \"$rw\" xbench $rw disk: block 256KiB sequential size ${size}MiB method direct" >"$work/$rw.bench"
done

# Drives bonnie++ -y p: answers each prompt ("N:" on stdout, N the test's number; 4 is the block
# read) and, with EVICT=1, first empties the page cache of DIR/Bonnie.* and verifies it with
# fincore. Prints the CSV line.
cat >"$work/drive_bonnie.py" <<'PY'
import glob, os, re, subprocess, sys

directory, evict, command = sys.argv[1], sys.argv[2] == "1", sys.argv[3:]
BLOCK_READ = "4"


def resident_bytes(path):
    out = subprocess.run(["fincore", "--bytes", "--noheadings", "--output", "RES", path],
                         capture_output=True, text=True, check=True).stdout
    return int(out.split()[0])


def evict_file(path):
    for _ in range(5):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fdatasync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)
        if resident_bytes(path) == 0:
            return
    sys.exit(f"cannot evict {path}: {resident_bytes(path)} bytes stay in the page cache")


bonnie = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
csv = ""
for line in bonnie.stdout:
    prompt = re.fullmatch(r"(\d+):", line.strip())
    if prompt:
        if evict and prompt.group(1) == BLOCK_READ:
            files = glob.glob(os.path.join(directory, "Bonnie.*"))
            if len(files) != 1:
                bonnie.kill()
                sys.exit(f"expected one Bonnie.* file in {directory}, found {files}")
            evict_file(files[0])
        bonnie.stdin.write("\n")
        bonnie.stdin.flush()
    elif line.count(",") > 20:
        csv = line.strip()
if bonnie.wait() != 0 or not csv:
    sys.exit(f"bonnie++ failed (exit {bonnie.returncode})")
print(csv)
PY

# bonnie++'s block write and block read in bytes/s (its K/sec is KiB/s), from the CSV (format 1.98).
run_bonnie() {
  local evict=0
  [ "$cache" = evicted ] && evict=1
  python3 "$work/drive_bonnie.py" "$dir" "$evict" \
      "$bonnie" -d "$dir" -s "$size" -r $((size / 2)) -n 0 -f -q -u root -y p 2>/dev/null >"$work/bonnie.csv" ||
    die "bonnie++ failed: $(cat "$work/bonnie.csv")"
  awk -F, '{ print $12 * 1024, $18 * 1024 }' "$work/bonnie.csv"
}

# fio lays out a missing file before a read job (blocks reserved with fallocate, written, synced,
# dropped from the cache), as hwbench's xbench read sets up its own file just before reading it:
# so each side reads a file it has just made, and neither reads one whose writing another test
# left behind. The file is removed right after the job, as hwbench removes its own when its
# statement ends, so that the removal (and, on a file system mounted with `discard`, its TRIM)
# falls into the next settling pause rather than into either side's measurement.
run_fio() {
  local rw=$1
  rm -f "$dir/fio.data"
  fio --name="$rw" --filename="$dir/fio.data" --size="${size}M" --bs=256k --rw="$rw" --direct=1 \
      --ioengine=psync --end_fsync=1 --output-format=json >"$work/fio.json"
  rm -f "$dir/fio.data"
  python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); d=j["jobs"][0]; print(d[sys.argv[2]]["bw_bytes"])' \
      "$work/fio.json" "$rw"
}

# hwbench's figures for one recipe, in bytes per second, from its result file.
run_hwbench() {
  "$hwbench" run -q -L disk="$dir" -o "$work/result.json" "$work/$1.bench" >/dev/null
  python3 - "$work/result.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(*(s["samples"][0]["bytes"] / (s["samples"][0]["wall_ns"] / 1e9) for s in r["series"]))
PY
}

# Each pair runs back to back, the side that goes first alternating from round to round, so that
# the two figures of a pair see the same load; the ratios are taken round by round.
declare -a bw=() br=() fw=() fr=() hpw=() hpr=() hxw=() hxr=()
pair() {  # ROUND WHICH
  local a b
  if [ "$2" = bonnie ]; then
    tool() { read -r a b < <(run_bonnie); bw+=("$a"); br+=("$b"); }
    ours() { read -r a b < <(run_hwbench bonnie); hpw+=("$a"); hpr+=("$b"); }
  else
    tool() { if [ "$2" = write ]; then fw+=("$(run_fio write)"); else fr+=("$(run_fio read)"); fi; }
    ours() { a=$(run_hwbench "$2"); if [ "$2" = write ]; then hxw+=("$a"); else hxr+=("$a"); fi; }
  fi
  if (( $1 % 2 )); then settle; tool "$@"; settle; ours "$@"; else settle; ours "$@"; settle; tool "$@"; fi
}
# Before each measurement: flush, then wait for the disk to finish what earlier tests wrote (on
# a virtual machine the host may still be writing it out).
settle() { sync; sleep "$settle_seconds"; }
mib() { awk -v x="$1" 'BEGIN { printf "%.1f", x / 1048576 }'; }

echo "dir $dir ($(stat -f -c %T "$dir")), file ${size} MiB, RAM $(awk '/MemTotal/ { printf "%d", $2 / 1024 }' /proc/meminfo) MiB," \
     "block read ${cache}, ${rounds} round(s); MiB/s; load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %10s %10s %10s %10s   %10s %10s %10s %10s\n' round "b++ write" "b++ read" "fio write" "fio read" \
       "hw put_blk" "hw get_blk" "hw write" "hw read"
for round in $(seq 1 "$rounds"); do
  pair "$round" bonnie
  pair "$round" write
  pair "$round" read
  rm -f "$dir/fio.data"
  [[ "${bw[-1]}" == 0 || "${br[-1]}" == 0 ]] &&
    echo "note: round $round: bonnie++ printed +++++ (a test under 0.5 s, left out of the median): use a larger SIZE_MIB" >&2
  printf '%-6s %10s %10s %10s %10s   %10s %10s %10s %10s\n' "$round" "$(mib "${bw[-1]}")" "$(mib "${br[-1]}")" \
         "$(mib "${fw[-1]}")" "$(mib "${fr[-1]}")" "$(mib "${hpw[-1]}")" "$(mib "${hpr[-1]}")" \
         "$(mib "${hxw[-1]}")" "$(mib "${hxr[-1]}")"
done

# present: the figures that exist, one a line (bonnie++'s +++++ reads as 0 and is left out of
# the medians); spread_percent: their spread, (max - min) / median in percent.
present() { printf '%s\n' "$@" | awk '$1 > 0'; }
spread_percent() { present "$@" | sort -g | awk -v m="$(present "$@" | median)" '{ v[NR] = $1 } END { printf "%.0f%%", (NR && m > 0) ? (v[NR] - v[1]) / m * 100 : 0 }'; }
line() {  # NAME TOOL_FIGURES… -- HWBENCH_FIGURES… (one of each per round)
  local name=$1; shift
  local -a tool=() hw=() ratios=()
  while [ "$1" != -- ]; do tool+=("$1"); shift; done
  shift; hw=("$@")
  local i
  for i in "${!tool[@]}"; do
    ratios+=("$(awk -v t="${tool[$i]}" -v h="${hw[$i]}" 'BEGIN { printf "%.3f", (t > 0 && h > 0) ? h / t : 0 }')")
  done
  awk -v n="$name" -v t="$(present "${tool[@]}" | median)" -v h="$(present "${hw[@]}" | median)" -v st="$(spread_percent "${tool[@]}")" \
      -v sh="$(spread_percent "${hw[@]}")" -v r="$(present "${ratios[@]}" | median)" -v rs="$(printf '%s ' "${ratios[@]}")" 'BEGIN {
    r = rs == "" ? 0 : r
    printf "%-42s %9.1f %6s %9.1f %6s %7.3f %7.3f  %s   (rounds: %s)\n", n, t / 1048576, st, h / 1048576, sh,
           (t > 0) ? h / t : 0, r, (r >= 0.9 && r <= 1.1) ? "within 10%" : "OUTSIDE 10%", rs
  }'
}

echo
echo "tool, hwbench: medians over the rounds (MiB/s); spread: (max - min) / median;"
echo "ratio: hwbench / tool of the medians; paired: the median of the rounds' own ratios (the verdict)"
printf '%-42s %9s %6s %9s %6s %7s %7s\n' "" "tool" "spread" "hwbench" "spread" "ratio" "paired"
line "block write (bonnie++ vs bonnie)" "${bw[@]}" -- "${hpw[@]}"
line "block read, $cache (bonnie++ vs bonnie)" "${br[@]}" -- "${hpr[@]}"
line "256K direct write (fio vs xbench)" "${fw[@]}" -- "${hxw[@]}"
line "256K direct read (fio vs xbench)" "${fr[@]}" -- "${hxr[@]}"
