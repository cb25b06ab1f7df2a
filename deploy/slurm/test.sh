#!/usr/bin/env bash
# A real Slurm run of a split count, on this machine only.
#
# Installs slurm-wlm and munge from Debian when they are missing (as root),
# writes a one-node cluster in a temporary directory with every daemon on
# 127.0.0.1, starts munged, slurmctld and slurmd, submits an array counting
# N (default 19: the join's units, queens-join/2) queens in K (default 8)
# units with checkpoints, each task on 2 CPUs (--cpus-per-task, the unit's
# --workers; 1 on a 1-CPU machine) and each unit some seconds long, sends
# SIGTERM to one running task (which saves its checkpoint, exits 3 and
# requeues itself), merges after the array, and checks the total. It stops
# exactly the daemons it started, by their process ids, and removes its
# directory. Exit 0 pass, 1 fail, 77 skipped (not root, or no Debian tools).
set -uo pipefail
N=${N:-19}
K=${K:-8}
declare -A expect=([8]=92 [10]=724 [12]=14200 [14]=365596 [16]=14772512 [17]=95815104 [18]=666090624 [19]=4968057848)
want=${expect[$N]:?no known count for N=$N}
repo=$(cd "$(dirname "$0")/../.." && pwd)

if [ "$(id -u)" -ne 0 ]; then
  echo "deploy/slurm/test.sh: skipped: it must run as root (it starts munged, slurmctld and slurmd)"
  exit 77
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  if ! command -v apt-get >/dev/null; then
    echo "deploy/slurm/test.sh: skipped: no slurm-wlm/munge and no apt-get to install them"
    exit 77
  fi
  echo "== installing slurm-wlm and munge"
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends slurm-wlm munge >/dev/null ||
    { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends slurm-wlm munge >/dev/null; } ||
    { echo "deploy/slurm/test.sh: cannot install slurm-wlm and munge"; exit 1; }
fi

D=$(mktemp -d /tmp/coverkit-slurm.XXXXXX)
chmod 755 "$D"
pids=()
cleanup() {
  local f p
  for f in "$D/slurmd.pid" "$D/slurmctld.pid" "$D/munged.pid"; do
    [ -s "$f" ] || continue
    p=$(cat "$f")
    kill -TERM "$p" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$p" 2>/dev/null
  done
  rm -rf "$D"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*"
  for f in "$D"/*.log; do echo "--- $f"; tail -20 "$f"; done
  exit 1
}

echo "== building coverkit"
(cd "$repo" && go build -o "$D/coverkit" ./cmd/coverkit) || fail "go build"

echo "== munged"
dd if=/dev/urandom of="$D/munge.key" bs=1024 count=1 status=none
chmod 400 "$D/munge.key"
munged --force --socket="$D/munge.sock" --key-file="$D/munge.key" --pid-file="$D/munged.pid" \
  --log-file="$D/munged.log" --seed-file="$D/munged.seed" || fail "munged did not start"

port=$((20000 + RANDOM % 20000))
host=$(hostname -s)
mkdir -p "$D/state" "$D/spool" "$D/results"
cat > "$D/slurm.conf" <<CONF
ClusterName=coverkit
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
# cred_expire: a requeued job waits this long before it starts again
# (default 120 s, which would be most of the test).
AuthInfo=socket=$D/munge.sock,cred_expire=5
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/slurmctld.log
SlurmdLogFile=$D/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
SchedulerParameters=defer_batch
NodeName=$host NodeAddr=127.0.0.1 NodeHostname=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$D/slurm.conf

echo "== slurmctld and slurmd"
slurmctld -i || fail "slurmctld did not start"
slurmd || fail "slurmd did not start"
for _ in $(seq 100); do
  sinfo -h -o %T 2>/dev/null | grep -q idle && break
  sleep 0.2
done
sinfo -h -o %T | grep -q idle || fail "the node did not become idle"

echo "== array: queens count $N in $K units"
cd "$D/results"
cpus=$(( $(nproc) >= 2 ? 2 : 1 ))
jid=$(K=$K RESULTS=$D/results COVERKIT=$D/coverkit CHECKPOINT_EVERY=2s \
  sbatch --parsable --cpus-per-task="$cpus" --array=0-$((K - 1)) "$repo/deploy/slurm/count.sbatch" queens count "$N") || fail "sbatch"
mid=$(RESULTS=$D/results COVERKIT=$D/coverkit \
  sbatch --parsable --dependency=afterany:"$jid" "$repo/deploy/slurm/merge.sbatch") || fail "sbatch merge"

# SIGTERM one task that has been running a while; it checkpoints, exits 3
# and requeues itself.
victim=""
for _ in $(seq 600); do
  victim=$(squeue -h -j "$jid" -t RUNNING -o %i | tail -1)
  [ -n "$victim" ] && [ -s "$D/results/ck-${victim##*_}.json" ] && break
  victim=""
  sleep 0.5
done
[ -n "$victim" ] || fail "no task ran long enough to checkpoint"
echo "== SIGTERM to $victim"
# scancel may answer "try again later" while the task is being requeued.
for _ in $(seq 20); do
  scancel --signal=TERM --batch "$victim" 2>/dev/null && break
  squeue -h -j "$victim" -t RUNNING -o %i | grep -q . || break
  sleep 0.5
done

for _ in $(seq 3600); do
  state=$(squeue -h -j "$mid" -o %T 2>/dev/null)
  [ -z "$state" ] && break
  sleep 1
done
[ -s "$D/results/total.json" ] || fail "no merge result"
cat "$D/results/total.json"
grep -q "\"solutions\":$want," "$D/results/total.json" || fail "the total is not $want"
grep -q '"complete":true' "$D/results/total.json" || fail "the merge is incomplete"
if [ "$N" -ge 13 ] && [ "$N" -le 21 ]; then
  grep -q '"decomposition":"queens-join/2"' "$D/results/total.json" || fail "the units are not the join's (queens-join/2)"
fi
u=${victim##*_}
grep -h '"resumes":[1-9]' "$D/results/unit-$u.jsonl" >/dev/null || fail "unit $u was not resumed from its checkpoint"
grep -h "requeueing" "$D"/results/coverkit-*_"$u".err >/dev/null || fail "unit $u did not requeue itself"
echo "PASS: queens $N = $want from $K Slurm array tasks of $cpus CPUs each, unit $u stopped by SIGTERM and resumed"
