#!/usr/bin/env bash
# A real one-node Slurm cluster on this machine, for the tests of split counts: Debian's
# slurmctld, slurmd, slurm-client and munge, started without systemd, as root.
#
#   ci/slurm-local.sh start    # install what is missing, configure, start the daemons, wait
#   ci/slurm-local.sh stop     # stop the daemons this script started (and only those)
#   ci/slurm-local.sh status   # sinfo, and the daemons' process ids
#
# The node is `localhost` with 2 CPUs in the partition `debug`; jobs run as the user who
# submits them (root here). Logs: /var/log/slurm/. State of this script: /run/queens-slurm/.
set -euo pipefail

state=/run/queens-slurm
conf=/etc/slurm/slurm.conf

say() { echo "slurm-local: $*" >&2; }
die() { say "$*"; exit 1; }

need_root() {
  [ "$(id -u)" = 0 ] || die "run as root (it installs packages and starts daemons)"
}

install() {
  local missing=()
  for cmd in slurmctld slurmd sbatch munged; do
    command -v "$cmd" >/dev/null || missing+=("$cmd")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing slurmctld slurmd slurm-client munge (missing: ${missing[*]})"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # Without systemd the packages' scripts cannot start services: they must not try.
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d.queens
  chmod +x /usr/sbin/policy-rc.d.queens
  local had_policy=0
  [ -e /usr/sbin/policy-rc.d ] && had_policy=1
  [ $had_policy = 1 ] || cp /usr/sbin/policy-rc.d.queens /usr/sbin/policy-rc.d
  apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge >/dev/null
  [ $had_policy = 1 ] || rm -f /usr/sbin/policy-rc.d
  rm -f /usr/sbin/policy-rc.d.queens
}

# A pid file's process, if it is alive.
alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

start_munge() {
  if [ ! -s /etc/munge/munge.key ]; then
    say "creating the munge key"
    if command -v mungekey >/dev/null; then
      mungekey --create --force >/dev/null 2>&1 || mungekey --create
    else
      /usr/sbin/create-munge-key -f
    fi
  fi
  chown munge:munge /etc/munge/munge.key 2>/dev/null || true
  chmod 0400 /etc/munge/munge.key
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown munge:munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null || true
  chmod 0755 /run/munge
  if [ -S /run/munge/munge.socket.2 ] && munge -n </dev/null >/dev/null 2>&1; then
    say "munged is already running"
    return 0
  fi
  say "starting munged"
  if id munge >/dev/null 2>&1; then
    runuser -u munge -- /usr/sbin/munged
  else
    /usr/sbin/munged -f
  fi
  for _ in $(seq 50); do
    [ -s /run/munge/munged.pid ] && munge -n </dev/null >/dev/null 2>&1 && break
    sleep 0.1
  done
  munge -n </dev/null >/dev/null || die "munged did not start (see /var/log/munge/munged.log)"
  cp /run/munge/munged.pid "$state/munged.pid"
}

write_conf() {
  mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
  cat >"$conf" <<'EOF'
# A one-node cluster for the tests of queens (written by ci/slurm-local.sh).
ClusterName=queens
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=localhost CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
}

start() {
  need_root
  install
  mkdir -p "$state"
  start_munge
  write_conf
  if alive /run/slurmctld.pid; then
    say "slurmctld is already running"
  else
    say "starting slurmctld"
    slurmctld -i
    for _ in $(seq 50); do alive /run/slurmctld.pid && break; sleep 0.1; done
    alive /run/slurmctld.pid || die "slurmctld did not start (see /var/log/slurm/slurmctld.log)"
    cp /run/slurmctld.pid "$state/slurmctld.pid"
  fi
  if alive /run/slurmd.pid; then
    say "slurmd is already running"
  else
    say "starting slurmd"
    slurmd -N localhost
    for _ in $(seq 50); do alive /run/slurmd.pid && break; sleep 0.1; done
    alive /run/slurmd.pid || die "slurmd did not start (see /var/log/slurm/slurmd.log)"
    cp /run/slurmd.pid "$state/slurmd.pid"
  fi
  for _ in $(seq 60); do
    if sinfo -h -N -o '%t' 2>/dev/null | grep -Eq '^(idle|mix|alloc)'; then
      say "ready: $(sinfo -h -N -o '%N %c CPUs %t' | head -1)"
      return 0
    fi
    scontrol update nodename=localhost state=resume >/dev/null 2>&1 || true
    sleep 0.5
  done
  sinfo >&2 || true
  die "the node did not become idle (see /var/log/slurm/)"
}

stop() {
  # Only the daemons this script started, by the process ids it kept.
  local name
  for name in slurmd slurmctld munged; do
    if alive "$state/$name.pid"; then
      say "stopping $name"
      kill "$(cat "$state/$name.pid")"
      for _ in $(seq 50); do alive "$state/$name.pid" || break; sleep 0.1; done
    fi
    rm -f "$state/$name.pid"
  done
}

status() {
  sinfo || true
  local name
  for name in munged slurmctld slurmd; do
    if alive "$state/$name.pid"; then echo "$name: $(cat "$state/$name.pid") (started here)"; fi
  done
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) sed -n '2,10p' "$0" >&2; exit 2 ;;
esac
