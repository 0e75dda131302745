#!/usr/bin/env bash
# The `slurm` CTest label: tools/slurm/damier-slurm on a real one-node Slurm cluster,
# started in a temporary folder by tools/slurm/local-cluster and stopped whatever happens.
#
#   slurm_test.sh DAMIER-MATCH DAMIER-TUNE DAMIER
#
# 1. A 4-task match array, one task killed mid-run: the scheduler retries it, it
#    resumes its journal, and the merged standings equal those of the same games read
#    from one journal and those of the same match played in one process.
# 2. A 2-task self-play array: its files hold the lines of a one-process run, and the
#    fit reads them together; the same request run as Kubernetes Indexed Job tasks.
# 3. An SPRT across a 4-task array running one task at a time: the watcher decides,
#    cancels the pending tasks, and the merge reports the stop.
# Needs root and the Debian packages slurm-wlm and munge. DAMIER_SLURM_KEEP=1 keeps
# the folder (logs of the daemons and the jobs) for a look after a failure.
set -euo pipefail

[ $# -eq 3 ] || { echo "usage: $0 DAMIER-MATCH DAMIER-TUNE DAMIER" >&2; exit 2; }
src=$(cd "$(dirname "$0")/../.." && pwd)
slurm="$src/tools/slurm/damier-slurm"
tmp=$(mktemp -d /tmp/damier-slurm-test.XXXXXX)
cleanup() {
  status=$?
  "$src/tools/slurm/local-cluster" stop "$tmp/cluster" || true
  if [ "${DAMIER_SLURM_KEEP:-0}" = 1 ] || [ $status -ne 0 ]; then echo "kept $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM  # through the EXIT trap: the daemons are stopped

fail() { echo "FAIL: $*" >&2; exit 1; }
# wait_for SECONDS DESCRIPTION COMMAND...: polls COMMAND every half second.
wait_for() {
  local seconds=$1 what=$2; shift 2
  for _ in $(seq $((seconds * 2))); do "$@" && return 0; sleep 0.5; done
  fail "timed out after $seconds s waiting for $what"
}
# The standings of a --merge output without its first line ("Merged N games from M journals").
standings() { tail -n +2 "$1"; }
job_field() { scontrol show job "$1" 2>/dev/null | grep -o "$2=[^ ]*" | head -1 | cut -d= -f2; }

# The binaries from the shared folder, as on a cluster.
shared="$tmp/shared"
mkdir -p "$shared/bin"
cp "$1" "$2" "$3" "$shared/bin/"
damier="$shared/bin/damier"

eval "$("$src/tools/slurm/local-cluster" start "$tmp/cluster" 4)"
echo "cluster up: $SLURM_CONF"

# Two engines of different strength (B values a man at 60, not 100) for games with
# every result. A node limit makes each game the same wherever and whenever it is played.
printf '[draughts]\nman = 60\n' >"$shared/weak.weights"
engines=(--engine name=A cmd="$damier" --engine name=B cmd="$damier" param.eval-file="$shared/weak.weights"
  --each param.threads=1 param.hash=4 --tc nodes=1000 --concurrency 1)
match=("${engines[@]}" --games 64)

# 1. Match array with a killed task.
out=$("$slurm" match "$shared/match" --shards 4 --poll 2 -- "${match[@]}")
echo "$out"
array=$(cat "$shared/match/array-job")
has_game() { [ -s "$shared/match/shard-2.pid" ] && [ "$(grep -c '^game' "$shared/match/shard-2.journal" 2>/dev/null)" -ge 1 ]; }
wait_for 120 "shard 2's first game" has_game
kill -9 "$(cat "$shared/match/shard-2.pid")"
echo "killed shard 2 after $(($(wc -l <"$shared/match/shard-2.journal") - 1)) games"
requeued() { [ "$(job_field "${array}_2" Restarts)" = 1 ] && [ "$(job_field "${array}_2" JobState)" = PENDING ]; }
wait_for 60 "shard 2 to be requeued" requeued
# Slurm holds a requeued job for cred_expire + 1 s (11 s on the test cluster): slurmd
# refuses to relaunch a job id it killed within that time, so the hold is not cut short.

# 2. Self-play array, meanwhile.
selfplay=(--variant international --games 8 --nodes 300 --seed 11)
"$slurm" selfplay "$shared/selfplay" --shards 2 -- "${selfplay[@]}"

# The same match and self-play in one process, for comparison.
"$shared/bin/damier-match" "${match[@]}" --journal "$tmp/one.journal" >"$tmp/one.log"
"$shared/bin/damier-tune" selfplay "${selfplay[@]}" --out "$tmp/one.pos" >/dev/null

wait_for 300 "the match's merge" test -s "$shared/match/result.txt"
wait_for 120 "the self-play's merge" test -s "$shared/selfplay/result.txt"

cd "$shared/match"
cat result.txt
grep -q "^Merged 64 games from 4 journals" result.txt || fail "the merge does not hold 64 games from 4 journals"
! grep -q "Shards not finished" result.txt || fail "a shard did not finish"
grep -q "attempt 2" shard-2.log || fail "shard 2 was not retried"
grep -q "^Resumed: [1-9]" shard-2.log || fail "shard 2's retry did not resume its journal"
dups=$(tail -n +2 shard-2.journal | grep -o ' index=[0-9]*' | sort | uniq -d)
[ -z "$dups" ] || fail "shard 2's journal holds a game twice: $dups"
# The same games in one journal: the first shard's run line, every shard's game lines.
{ head -n 1 shard-1.journal; for f in shard-*.journal; do tail -n +2 "$f"; done; } >"$tmp/joined.journal"
"$shared/bin/damier-match" --merge "$tmp/joined.journal" >"$tmp/joined.txt"
"$shared/bin/damier-match" --merge "$tmp/one.journal" >"$tmp/one.txt"
grep -v '^Merged' result.txt >"$tmp/array.txt"
diff <(standings "$tmp/joined.txt") "$tmp/array.txt" || fail "the array's standings differ from its games in one journal"
diff <(standings "$tmp/one.txt") "$tmp/array.txt" || fail "the array's standings differ from the one-process run's"
echo "ok: match array = one journal = one process; shard 2 retried without double counting"

cd "$shared/selfplay"
cat result.txt
diff <(sort shard-1.pos shard-2.pos) <(sort "$tmp/one.pos") || fail "the self-play shards differ from the one-process run"
fit() { "$shared/bin/damier-tune" fit --variant international --data "$1" --epochs 3 --holdout 50 --out "$2" | grep '^fit international'; }
fit shard-1.pos,shard-2.pos "$tmp/w2" >"$tmp/fit-shards.txt"
fit "$tmp/one.pos" "$tmp/w1" >"$tmp/fit-one.txt"
diff "$tmp/fit-shards.txt" "$tmp/fit-one.txt" || fail "the fit reads the shards differently from one file"
echo "ok: self-play array = one process; fit reads both files: $(cat "$tmp/fit-shards.txt")"

# The same request for a Kubernetes Indexed Job: written only, its tasks found by
# JOB_COMPLETION_INDEX (from 0), no Slurm in the way.
"$slurm" selfplay "$shared/k8s" --shards 2 --no-submit -- "${selfplay[@]}" >/dev/null
for index in 0 1; do (unset SLURM_CONF; JOB_COMPLETION_INDEX=$index "$shared/k8s/damier-slurm" task "$shared/k8s"); done
"$shared/k8s/damier-slurm" merge "$shared/k8s" >/dev/null
diff <(sort "$shared"/k8s/shard-*.pos) <(sort "$tmp/one.pos") || fail "the Indexed Job's shards differ from the one-process run"
echo "ok: the same self-play as Indexed Job tasks"

# 3. SPRT across the array, one task at a time so that tasks wait; bounds that a few
# games decide.
sprt=(--sprt elo0=0 elo1=200 alpha=0.2 beta=0.2)
"$slurm" match "$shared/sprt" --shards 4 --parallel 1 --poll 1 -- "${engines[@]}" --games 400 "${sprt[@]}"
array=$(cat "$shared/sprt/array-job")
wait_for 300 "the SPRT merge" test -s "$shared/sprt/result.txt"
cd "$shared/sprt"
cat result.txt slurm/watch.out
[ -e stop ] || fail "the watcher did not stop the array"
grep -q "^Stopped by the SPRT" result.txt || fail "the merge does not report the SPRT stop"
grep -q "^SPRT decided" stop || fail "the watcher's merge does not hold the decision"
[ ! -e shard-4.log ] || fail "shard 4 ran: the SPRT should have cancelled it while it waited"
[ "$(job_field "${array}_4" JobState)" = CANCELLED ] || fail "shard 4 is $(job_field "${array}_4" JobState), not CANCELLED"
echo "ok: the SPRT stopped the array and cancelled the waiting tasks"
