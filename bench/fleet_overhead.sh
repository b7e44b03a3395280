#!/usr/bin/env bash
# The cost of a run on another host: the same short recipe run here and through
# `hwbench run --host` to an sshd of its own on 127.0.0.1 (keys made for it in a temporary
# directory, its host key checked), several rounds interleaved so that a change in the
# machine's load touches both alike. The overhead (ssh session, transfer of the bundle, the
# start of hwbench there, the fetch of the result, the clean-up) is the difference of the
# medians; the first run to the host, which copies the binary into its cache, is shown apart.
# A benchmark, not a test. Needs /usr/sbin/sshd (Debian openssh-server).
#   bench/fleet_overhead.sh [ROUNDS]       (HWBENCH defaults to the clone's build/hwbench; ROUNDS to 7)
set -euo pipefail
. "$(dirname "$0")/common.sh"
hwbench_binary
rounds=${1:-7}
sshd=/usr/sbin/sshd
[ -x "$sshd" ] || die "$sshd is missing (apt-get install openssh-server)"
[ "$(id -u)" -ne 0 ] || mkdir -p /run/sshd  # sshd run by root wants its privilege-separation directory

sshd_pid=
stop_sshd() { [ -z "$sshd_pid" ] || kill "$sshd_pid" 2>/dev/null || true; }
on_exit stop_sshd
work_dir hwbench-fleet-bench

# The server: a free port, generated keys, the cache and run directories inside $work.
port=
for _ in $(seq 50); do
  p=$((20000 + RANDOM % 40000))
  (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { port=$p; break; }  # nothing listens there
done
[ -n "$port" ] || { echo "fleet_overhead: no free port" >&2; exit 1; }
ssh-keygen -q -t ed25519 -N '' -f "$work/host_key" </dev/null
ssh-keygen -q -t ed25519 -N '' -f "$work/user_key" </dev/null
cp "$work/user_key.pub" "$work/authorized_keys"
mkdir -p "$work/cache" "$work/tmp" "$work/st" "$work/dist"
cat >"$work/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $port
HostKey $work/host_key
PidFile $work/sshd.pid
AuthorizedKeysFile $work/authorized_keys
StrictModes no
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
SetEnv XDG_CACHE_HOME=$work/cache TMPDIR=$work/tmp
LogLevel ERROR
EOF
echo "[127.0.0.1]:$port $(cat "$work/host_key.pub")" >"$work/known_hosts"
cat >"$work/ssh_config" <<EOF
Host bench
  HostName 127.0.0.1
  Port $port
  User $(id -un)
  IdentityFile $work/user_key
  IdentitiesOnly yes
  UserKnownHostsFile $work/known_hosts
  GlobalKnownHostsFile /dev/null
EOF
"$sshd" -D -e -f "$work/sshd_config" 2>"$work/sshd.log" &
sshd_pid=$!
for _ in $(seq 100); do ssh -F "$work/ssh_config" -o BatchMode=yes bench true 2>/dev/null && break; sleep 0.1; done

# The binary sent stands in for scripts/build-static's: the host is this machine.
version=$("$hwbench" --version | awk '{ print $2 }')
case $(uname -m) in
  x86_64) arch=x86_64 ;;
  aarch64 | arm64) arch=aarch64 ;;
  armv7l | armv6l | armhf) arch=armhf ;;
  *) die "no static binary name for $(uname -m)" ;;
esac
cp "$hwbench" "$work/dist/hwbench-$version-linux-$arch"
# XDG_CACHE_HOME here: where hwbench keeps the binaries' hashes (runtime/remote/dist.hpp).
export HWBENCH_SSH="ssh -F $work/ssh_config" HWBENCH_DIST="$work/dist" XDG_CACHE_HOME="$work/here-cache"

# The recipe: a few short copies, a fraction of a second here.
cat >"$work/short.bench" <<'EOF'
location st = "/nonexistent/fleet-bench"
setup { repeat 2 write st:/f_$i size 1MB random }
series "copy" repeat 5 cp st:/f_1 -> st:/c_$i
teardown { rm st:/f_* ; rm st:/c_* }
report table MB/s with mean
EOF

seconds() { date +%s.%N; }
timed() {
  local t0 t1
  t0=$(seconds)
  (cd "$work" && "$@" >/dev/null 2>"$work/last.err") || { cat "$work/last.err" >&2; exit 1; }
  t1=$(seconds)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f\n", b - a }'
}

first=$(timed "$hwbench" run short.bench --host bench -L "st=$work/st")
local_times=() remote_times=()
for _ in $(seq "$rounds"); do
  local_times+=("$(timed "$hwbench" run short.bench -q -L "st=$work/st" -o "$work/local.json")")
  remote_times+=("$(timed "$hwbench" run short.bench -q --host bench -L "st=$work/st")")
done
ml=$(printf '%s\n' "${local_times[@]}" | median)
mr=$(printf '%s\n' "${remote_times[@]}" | median)
sessions=$(for _ in 1 2 3; do timed ssh -F "$work/ssh_config" -o BatchMode=yes bench true; done)
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f\n", a - b }'; }
echo "rounds: $rounds (local and --host interleaved), load average now: $(load_average)"
printf 'local run, median:                      %.3f s\n' "$ml"
printf -- '--host 127.0.0.1 (cached), median:      %.3f s\n' "$mr"
printf 'fleet overhead, binary cached:          %.3f s (goal <= 1 s)\n' "$(minus "$mr" "$ml")"
printf 'first run (copies the %s MB binary):  %.3f s, overhead %.3f s\n' \
  "$(( $(stat -c %s "$work/dist/hwbench-$version-linux-$arch") / 1000000 ))" "$first" "$(minus "$first" "$ml")"
ms=$(printf '%s\n' $sessions | median)
printf 'one bare ssh session (ssh HOST true), median of 3: %.3f s\n' "$ms"
# The login (key exchange, authentication, the login shell and its startup files) is the user's
# and the host's; what hwbench adds to it is the rest.
printf 'overhead beyond that one session:       %.3f s\n' "$(minus "$(minus "$mr" "$ml")" "$ms")"
