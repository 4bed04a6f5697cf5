#!/usr/bin/env bash
# The guard of the knight's tour counters (the frontier programme and the enumeration of
# `queens tour --count`): the working tree against a baseline revision, one thread
# (RAYON_NUM_THREADS=1), runs alternated (baseline, new, baseline, new, ...), at small and large
# boards. Run it before a change to `src/tour/` lands, and keep the ratios.
#
#   bench/tour-guard.sh [-b REV] [-r RUNS] [-c "COUNT ..."]
#   bench/tour-guard.sh -b 440261f -r 5
#   bench/tour-guard.sh -c "7x8:--closed 6x7:--from=a1"
#
#  -b  the baseline revision (default HEAD); built once in target/guard/REV (as bench/paths.sh)
#  -r  runs of each build per count (default 3; the medians are compared)
#  -c  the counts, BOARD:OPTIONS with '=' for spaces inside options and ',' between them
#      (default: 5x8 open from a1, 6x6 closed, 6x7 open from a1, 4x30 from every square,
#      3x74 from every square (past 2^128), 7x8 closed)
#
# Prints per count the CPU seconds (user + sys, GNU time) of each build, their ratio new /
# baseline and the two answers' last lines, which must agree (a baseline that wrapped past 2^128
# is said, not compared).
set -euo pipefail
cd "$(dirname "$0")/.."

base=HEAD runs=3
counts="5x8:--from=a1 6x6:--closed 6x7:--from=a1 4x30: 3x74: 7x8:--closed"
while getopts "b:r:c:h" opt; do
  case $opt in
    b) base=$OPTARG ;;
    r) runs=$OPTARG ;;
    c) counts=$OPTARG ;;
    *) sed -n '2,20p' "$0"; exit 2 ;;
  esac
done
# The baseline, built once per revision in a worktree of its own, and the working tree.
. bench/guard-builds.sh
guard_builds tour-guard.sh "$base"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# One run: CPU seconds on stdout, the answer's last line in $scratch/answer.
run() { # binary, board, options...
  local bin=$1 board=$2; shift 2
  RAYON_NUM_THREADS=1 /usr/bin/time -f '%U %S' -o "$scratch/time" \
    "$bin" tour "$board" --count "$@" > "$scratch/out" 2> /dev/null || true
  tail -1 "$scratch/out" > "$scratch/answer"
  awk '{printf "%.3f\n", $1 + $2}' "$scratch/time"
}

median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

printf '%-24s %12s %12s %8s  %s\n' count "base CPU s" "new CPU s" ratio answers
for c in $counts; do
  board=${c%%:*}
  opts=$(echo "${c#*:}" | tr ',=' '  ')
  : > "$scratch/a" && : > "$scratch/b"
  for _ in $(seq "$runs"); do
    # shellcheck disable=SC2086
    run "$old" "$board" $opts >> "$scratch/a"; cp "$scratch/answer" "$scratch/answer-a"
    # shellcheck disable=SC2086
    run "$new" "$board" $opts >> "$scratch/b"; cp "$scratch/answer" "$scratch/answer-b"
  done
  a=$(median < "$scratch/a") b=$(median < "$scratch/b")
  same=agree
  cmp -s "$scratch/answer-a" "$scratch/answer-b" || same="DIFFER: $(cat "$scratch/answer-a") / $(cat "$scratch/answer-b")"
  printf '%-24s %12s %12s %8s  %s\n' "$board ${opts:-}" "$a" "$b" \
    "$(awk -v a="$a" -v b="$b" 'BEGIN {if (a > 0) printf "%.3f", b / a; else print "-"}')" "$same"
done
