#!/usr/bin/env bash
# Peak resident memory of `queens count N --memory BUDGET` (GNU time), for each N and budget:
# the budget kept or not, CPU and wall seconds, and whether the count finished.
#
#   bench/memory.sh [-l SECONDS] [-b "BUDGETS"] N...
#   bench/memory.sh 18 19 20                        # 512M, 2G and a budget larger than any need
#   bench/memory.sh -l 180 22 23                    # counts cut after 3 minutes (peak so far)
#
# A count longer than the limit is stopped with SIGINT: its peak is that of the first minutes,
# which for this engine is its steady state (the held pieces are built first; the half boards
# of every choice stay within the cap).
set -euo pipefail
cd "$(dirname "$0")/.."

limit=0
budgets="512M 2G 64G"
while getopts "l:b:h" opt; do
  case $opt in
    l) limit=$OPTARG ;;
    b) budgets=$OPTARG ;;
    *) sed -n '2,11p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { sed -n '2,11p' "$0"; exit 2; }
[ -x /usr/bin/time ] || { echo "memory.sh: GNU time (/usr/bin/time) is required" >&2; exit 2; }

cargo build --release -q -p queens-cli
bin=target/release/queens
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '%3s %7s %10s %9s %9s  %s\n' N budget peak_MiB cpu_s wall_s result
for n in "$@"; do
  for b in $budgets; do
    args=(count "$n" --memory "$b" --yes --json)
    if [ "$limit" -gt 0 ]; then
      /usr/bin/time -f '%M %U %S %e' -o "$tmp/t" timeout -s INT "$limit" "$bin" "${args[@]}" >"$tmp/out" 2>/dev/null || true
    else
      /usr/bin/time -f '%M %U %S %e' -o "$tmp/t" "$bin" "${args[@]}" >"$tmp/out" 2>/dev/null || true
    fi
    read -r kib user sys wall < <(tail -1 "$tmp/t")
    result=$(sed -E 's/.*"total":"?([0-9]+).*/total \1/' "$tmp/out")
    [ -n "$result" ] || result="stopped after ${limit} s"
    printf '%3s %7s %10.1f %9.1f %9.1f  %s\n' "$n" "$b" "$(awk -v k="$kib" 'BEGIN { print k / 1024 }')" \
      "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$wall" "$result"
  done
done
