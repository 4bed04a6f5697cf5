#!/usr/bin/env bash
# Knight's tour timings for BENCHMARKS.md ("Knight's tours"): CPU (user+sys), wall and peak
# memory from /usr/bin/time -v, median of RUNS runs, output to /dev/null.
# Usage: bench/tour.sh [RUNS] [narrow]   (after cargo build --release -p queens-cli)
# With "narrow", only the rows for boards with 3 or 4 rows.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
only=${2:-all}
q=target/release/queens

measure() { # label, command...
  local label=$1; shift
  local rows=()
  for _ in $(seq "$runs"); do
    /usr/bin/time -v "$@" > /dev/null 2> /tmp/tour-bench.$$ || true
    local u s w m
    u=$(awk -F': ' '/User time/ {print $2}' /tmp/tour-bench.$$)
    s=$(awk -F': ' '/System time/ {print $2}' /tmp/tour-bench.$$)
    w=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' /tmp/tour-bench.$$ | awk -F: '{print ($1 * 60) + $2}')
    m=$(awk -F': ' '/Maximum resident/ {print $2}' /tmp/tour-bench.$$)
    rows+=("$(echo "$u + $s" | bc) $w $m")
  done
  rm -f /tmp/tour-bench.$$
  printf '%s\n' "${rows[@]}" | sort -n | awk -v label="$label" -v n="$runs" \
    'NR == int((n + 1) / 2) {printf "%-44s cpu %6.2f s  wall %6.2f s  peak %8.1f MB\n", label, $1, $2, $3 / 1024}'
}

# Boards with 3 or 4 rows: the column-by-column programme; baseline Warnsdorff with
# backtracking (stopped after 60 s: it may never end).
measure "narrow 3x10000 from a1, moves" $q tour 3x10000 --from a1 -f moves
measure "narrow 4x10000 from a1, moves" $q tour 4x10000 --from a1 -f moves
measure "narrow 4x10000 from a1, grid" $q tour 4x10000 --from a1 -f grid
measure "narrow 3x10000 from a1, closed, moves" $q tour 3x10000 --from a1 --closed -f moves
measure "narrow 4x10000 from b2 (no tour: exit 1)" $q tour 4x10000 --from b2
measure "narrow 4x100000 from a1, moves" $q tour 4x100000 --from a1 -f moves
measure "warnsdorff 3x10000 from a1, moves" $q tour 3x10000 --from a1 -m warnsdorff -f moves
runs=1 measure "warnsdorff 4x10000 from a1 (stopped at 60 s)" \
  timeout 60 $q tour 4x10000 --from a1 -m warnsdorff -f moves
[ "$only" = narrow ] && exit 0

for n in 8 100 1000 10000; do
  measure "divide ${n}x${n} from a1, moves" $q tour "$n" --from a1 -f moves
done
measure "divide 1000x1000 from a1, grid (whole tour held)" $q tour 1000 --from a1 -f grid
measure "divide 10000x10000 centre, closed, moves" $q tour 10000 --from 5000,5000 --closed -f moves
for n in 8 100 1000; do
  measure "warnsdorff ${n}x${n} from a1, moves" $q tour "$n" --from a1 -m warnsdorff -f moves
done
measure "count 6x6 from every square (symmetry)" $q tour 6 --count
measure "count 6x6 from a1" $q tour 6 --from a1 --count
measure "count 6x6 closed" $q tour 6 --closed --count
# Baseline for the symmetry: the same counter run from each of the 36 squares in turn.
measure "count 6x6 from each square, no symmetry" bash -c \
  'for c in a b c d e f; do for r in 1 2 3 4 5 6; do '"$q"' tour 6 --from $c$r --count; done; done'
# Long: one run. 55,488,142 closed tours (OEIS A175881).
runs=1 measure "count 6x8 closed (one run)" $q tour 6x8 --closed --count
