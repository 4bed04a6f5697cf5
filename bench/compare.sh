#!/usr/bin/env bash
# Times `queens count N` with each engine and thread count, side by side in one run, and prints
# CPU seconds (user+sys), wall seconds (median of RUNS runs each) and peak memory.
#
#   bench/compare.sh [-r RUNS] [-e "ENGINE ..."] [-t "THREADS ..."] N...
#   bench/compare.sh 14 15 16 17 18            # quarters and dihedral, 1 and 2 threads, 3 runs
#   bench/compare.sh -r 1 -e dihedral -t 2 19
#
# Needs /usr/bin/time (GNU time). Runs are interleaved (engine by engine for each N and thread
# count) so that the baseline sees the same machine load as the engine it is compared with.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3
engines="quarters dihedral"
threads="1 2"
while getopts "r:e:t:h" opt; do
  case $opt in
    r) runs=$OPTARG ;;
    e) engines=$OPTARG ;;
    t) threads=$OPTARG ;;
    *) sed -n '2,9p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { sed -n '2,9p' "$0"; exit 2; }
[ -x /usr/bin/time ] || { echo "compare.sh: GNU time (/usr/bin/time) is required" >&2; exit 2; }

cargo build --release -q -p queens-cli
bin=target/release/queens
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%3s  %-13s %7s %9s %9s %8s  %s\n' N engine threads cpu_s wall_s max_MB total
for n in "$@"; do
  for t in $threads; do
    for engine in $engines; do
      cpus=() walls=() mems=() total=
      for _ in $(seq "$runs"); do
        out=$(/usr/bin/time -f '%U %S %e %M' -o "$tmp" "$bin" count "$n" --engine "$engine" --threads "$t" --json 2>/dev/null)
        total=$(sed -E 's/.*"total":([0-9]+).*/\1/' <<<"$out")
        read -r user sys wall mem <"$tmp"
        cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')")
        walls+=("$wall")
        mems+=("$mem")
      done
      cpu=$(printf '%s\n' "${cpus[@]}" | median)
      wall=$(printf '%s\n' "${walls[@]}" | median)
      mem=$(printf '%s\n' "${mems[@]}" | sort -g | tail -1)
      printf '%3s  %-13s %7s %9.2f %9.2f %8.1f  %s\n' "$n" "$engine" "$t" "$cpu" "$wall" \
        "$(awk -v k="$mem" 'BEGIN { print k / 1024 }')" "$total"
    done
  done
done
