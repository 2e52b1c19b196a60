#!/bin/bash
# A tournament sharded over GNU parallel, on this machine (`parallel -j 2`) and over ssh to an sshd
# this test starts on 127.0.0.1 (`parallel --sshloginfile`, with --joblog and --resume-failed as
# docs/distributed.md recommends): the merged standings must equal the single-process ones byte for
# byte, for RoboWar (two stages: the main round, then the Winners' Circle from `plan --next`) and for
# Grobots. `chronon tournament verify` must pass the real results and find one altered on purpose.
#
# The sshd is a non-daemon child with its own configuration, host key and authorized key (all made
# here in a temporary folder), listening on a free high port of 127.0.0.1 only, and is killed at the
# end. It works for root and for a normal user. Skips (exit 77) without GNU parallel or openssh
# (cmake/setup.sh --tests installs them).
# usage: tests/tournament_parallel.sh CHRONON
set -u
chronon=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
repo=$(cd "$(dirname "$0")/.." && pwd)
for tool in parallel ssh ssh-keygen /usr/sbin/sshd; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "skipped: $tool is not installed (cmake/setup.sh --tests)"
    exit 77
  fi
done
work=$(mktemp -d)
sshd_pid=
cleanup() {
  [ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null && wait "$sshd_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
failed=0
fail() {
  echo "FAIL: $*"
  failed=1
}
# GNU parallel asks to be cited once per user unless told it was; its home folder stays in $work.
mkdir -p "$work/home/.parallel"
touch "$work/home/.parallel/will-cite"
export PARALLEL_HOME=$work/home/.parallel

# shard_run NAME PARALLEL_ARGS... -- TOURNAMENT_ARGS...: plans, plays the shards through parallel,
# plans and plays the next stage (RoboWar's Winners' Circle; nothing for Grobots), merges, and
# compares with the single-process standings in $work/NAME.txt.
shard_run() {
  local name=$1
  shift
  local pargs=()
  while [ "$1" != -- ]; do
    pargs+=("$1")
    shift
  done
  shift
  local dir=$work/$name
  mkdir -p "$dir"
  "$chronon" tournament plan "$@" >"$dir/plan.jsonl" 2>/dev/null || fail "$name: plan failed"
  # Each job's results in a file of its own (stderr beside it in .err), as docs/distributed.md says.
  parallel "${pargs[@]}" --joblog "$dir/log" --resume-failed --results "$dir/shards/{}.jsonl" \
    "$chronon" tournament play --shard {}/4 -j 1 "$dir/plan.jsonl" ::: 1 2 3 4 >/dev/null ||
    fail "$name: parallel (main stage) failed"
  cat "$dir"/shards/*.jsonl >"$dir/results.jsonl"
  "$chronon" tournament plan --next "$dir/plan.jsonl" "$dir/results.jsonl" >"$dir/next.jsonl" 2>/dev/null ||
    fail "$name: plan --next failed"
  if [ "$(wc -l <"$dir/next.jsonl")" -gt 1 ]; then
    parallel "${pargs[@]}" --joblog "$dir/log2" --resume-failed \
      "$chronon" tournament play --shard {}/4 -j 1 "$dir/next.jsonl" ::: 1 2 3 4 >"$dir/next-results.jsonl" ||
      fail "$name: parallel (next stage) failed"
  fi
  touch "$dir/next-results.jsonl"
  for format in "" --json --csv; do
    "$chronon" tournament merge "$dir/plan.jsonl" "$dir/results.jsonl" "$dir/next-results.jsonl" $format \
      >"$dir/merged$format.txt" 2>"$dir/merge.err" || fail "$name: merge $format failed: $(cat "$dir/merge.err")"
    cmp -s "$work/$(echo "$name" | sed 's/-.*//')$format.txt" "$dir/merged$format.txt" ||
      fail "$name: merged standings $format differ from the single-process ones"
  done
  echo "$name: $(cat "$dir/results.jsonl" "$dir/next-results.jsonl" | wc -l) results from 4+4 jobs, standings identical"
}

robowar=("$repo/stdlib/robowar" --duels 20 --groups 4 --seed 21)
grobots=("$repo/stdlib/grobots" --rounds 8 --frames 1500 --seed 22)
for format in "" --json --csv; do
  "$chronon" tournament "${robowar[@]}" -j 2 $format >"$work/robowar$format.txt" 2>/dev/null
  "$chronon" tournament "${grobots[@]}" -j 2 $format >"$work/grobots$format.txt" 2>/dev/null
done

# 1. GNU parallel on this machine.
shard_run robowar-local -j 2 -- "${robowar[@]}"
shard_run grobots-local -j 2 -- "${grobots[@]}"

# 2. Over ssh to an sshd on 127.0.0.1: a throwaway host key and client key, and a free high port.
ssh-keygen -q -t ed25519 -N '' -f "$work/host_key" || fail "ssh-keygen (host key) failed"
ssh-keygen -q -t ed25519 -N '' -f "$work/client_key" || fail "ssh-keygen (client key) failed"
cp "$work/client_key.pub" "$work/authorized_keys"
chmod 600 "$work/authorized_keys"
user=$(id -un)
port=
for try in $(seq 1 20); do
  candidate=$((20000 + RANDOM % 40000))
  if ! (echo >"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
    port=$candidate
    break
  fi
done
cat >"$work/sshd_config" <<CONFIG
ListenAddress 127.0.0.1
Port $port
HostKey $work/host_key
PidFile $work/sshd.pid
AuthorizedKeysFile $work/authorized_keys
AllowUsers $user
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
CONFIG
# Run as root, sshd wants its privilege-separation folder.
[ "$(id -u)" -eq 0 ] && mkdir -p /run/sshd
/usr/sbin/sshd -D -e -f "$work/sshd_config" 2>"$work/sshd.log" &
sshd_pid=$!
ssh_command="ssh -p $port -i $work/client_key -o BatchMode=yes -o StrictHostKeyChecking=no \
-o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
ready=0
for try in $(seq 1 300); do
  if $ssh_command "$user@127.0.0.1" true 2>/dev/null; then
    ready=1
    break
  fi
  sleep 0.1
done
if [ "$ready" -ne 1 ]; then
  fail "sshd on 127.0.0.1:$port did not let the test in: $(cat "$work/sshd.log")"
else
  # Two job slots on the one "remote" host, as a line of a real hosts file would say.
  echo "2/$ssh_command $user@127.0.0.1" >"$work/hosts"
  shard_run robowar-ssh --sshloginfile "$work/hosts" -- "${robowar[@]}"
  shard_run grobots-ssh --sshloginfile "$work/hosts" -- "${grobots[@]}"
  # The jobs really went through ssh: parallel's job log names the host of each.
  for log in "$work/robowar-ssh/log" "$work/grobots-ssh/log"; do
    [ "$(tail -n +2 "$log" | grep -c "ssh .*@127\.0\.0\.1")" -eq 4 ] || fail "$log: not every job ran over ssh"
  done
fi

# 3. verify: the real results pass; one altered on purpose is found.
dir=$work/robowar-local
"$chronon" tournament verify "$dir/plan.jsonl" "$dir/results.jsonl" --sample 50 >"$work/verify.txt" 2>&1 ||
  fail "verify rejected real results: $(cat "$work/verify.txt")"
# Give the first duel's loser (0 points) the winner's point.
awk 'NR == 1 { sub(/"points":0,/, "\"points\":1,") } { print }' "$dir/results.jsonl" >"$work/altered.jsonl"
cmp -s "$dir/results.jsonl" "$work/altered.jsonl" && fail "the test did not manage to alter a result"
if "$chronon" tournament verify "$dir/plan.jsonl" "$work/altered.jsonl" >"$work/verify.txt" 2>&1; then
  fail "verify did not find the altered result"
fi
grep -q "^differs: match" "$work/verify.txt" || fail "verify did not name the altered match: $(cat "$work/verify.txt")"
grep -q ": 1 differ" "$work/verify.txt" || fail "verify counted wrong: $(tail -n 1 "$work/verify.txt")"
echo "verify: $(tail -n 1 "$work/verify.txt")"
exit $failed
