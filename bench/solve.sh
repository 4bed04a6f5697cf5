#!/usr/bin/env bash
# Times `queens solve N` (explicit and min-conflicts, output to a file) and `queens check --input`
# for huge N, beside a plain C version of the explicit construction (bench/explicit_baseline.c),
# alternating the commands run by run. Prints, per command, the median CPU seconds (user + sys),
# wall seconds and peak memory of the runs (`/usr/bin/time`). BENCHMARKS.md, "One solution for
# huge N", holds the results.
#
# Usage, from the project root after `cargo build --release`:
#   bench/solve.sh [RUNS]           # default 5 runs (3 for N = 10^8)
#   OLD=path/to/queens bench/solve.sh   # also time `check` (N <= 10^7) with another build
set -euo pipefail
runs=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
q=$root/target/release/queens
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O3 -march=native -o "$tmp/explicit_baseline" "$root/bench/explicit_baseline.c"
results=$tmp/results

# once LABEL OUTPUT CMD...: runs CMD once with stdout to OUTPUT and records its times.
once() {
  local label=$1 output=$2
  shift 2
  /usr/bin/time -o "$tmp/time" -f "%U %S %e %M" "$@" > "$output"
  read -r user sys wall kb < "$tmp/time"
  echo "$label $(awk "BEGIN { print $user + $sys }") $wall $kb" >> "$results"
}

for n in 100000 1000000 10000000 100000000; do
  r=$runs
  [ "$n" -ge 100000000 ] && r=$(( runs < 3 ? runs : 3 ))
  for _ in $(seq "$r"); do
    once "C-explicit-$n" "$tmp/c.txt" "$tmp/explicit_baseline" "$n"
    once "solve-explicit-$n" "$tmp/q.txt" "$q" solve "$n"
    cmp -s "$tmp/c.txt" "$tmp/q.txt" || { echo "outputs differ at N = $n" >&2; exit 1; }
    once "check-$n" "$tmp/verdict" "$q" check --input "$tmp/q.txt"
    if [ -n "${OLD:-}" ] && [ "$n" -le 10000000 ]; then
      once "check-old-$n" "$tmp/verdict" "$OLD" check --input "$tmp/q.txt"
    fi
    if [ "$n" -le 10000000 ]; then
      once "solve-min-conflicts-$n" "$tmp/m.txt" "$q" solve "$n" --method min-conflicts --seed 1
      once "check-min-conflicts-$n" "$tmp/verdict" "$q" check --input "$tmp/m.txt"
    fi
  done
  rm -f "$tmp"/*.txt
done

# The medians, one line per command, in the order first run.
printf '%-28s %8s %8s %10s %5s\n' command "CPU s" "wall s" "peak MiB" runs
awk '{ if (!($1 in n)) order[++k] = $1; n[$1]++; cpu[$1, n[$1]] = $2; wall[$1, n[$1]] = $3; kb[$1, n[$1]] = $4 }
  function median(a, label, m,   i, j, t, v) {
    for (i = 1; i <= m; i++) v[i] = a[label, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
  }
  END { for (i = 1; i <= k; i++) { l = order[i]; m = n[l]
    printf "%-28s %8.3f %8.3f %10.1f %5d\n", l, median(cpu, l, m), median(wall, l, m), median(kb, l, m) / 1024, m } }' "$results"
