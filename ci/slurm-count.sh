#!/usr/bin/env bash
# Counts N on the Slurm cluster in K array tasks and a dependent merge job (through
# examples/slurm/submit.sh), waits for both, and checks the total and fundamental count
# against crates/queens/tests/data/nqueens-counts.tsv. Needs a running cluster (ci/slurm-local.sh start).
#
#   ci/slurm-count.sh N K [QUEENS]     # QUEENS: the binary (default target/debug/queens)
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -ge 2 ] || { sed -n '2,7p' "$0" >&2; exit 2; }
n=$1 k=$2
export QUEENS=${3:-$PWD/target/debug/queens}
[ -x "$QUEENS" ] || { echo "slurm-count: no binary at $QUEENS (cargo build -p queens-cli)" >&2; exit 2; }
dir=$(mktemp -d)

read -r array merge < <(examples/slurm/submit.sh "$n" "$k" 4 "$dir")
echo "slurm-count: N = $n in $k tasks: array job $array, merge job $merge"
for _ in $(seq 600); do
  [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
  sleep 1
done
[ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] || { echo "slurm-count: the jobs did not end in 10 minutes" >&2; squeue >&2; exit 1; }
state=$(scontrol show job "$merge" 2>/dev/null | grep -o 'JobState=[A-Z_]*' || true)
echo "slurm-count: merge job ${state:-ended}; the tasks' last lines:"
for log in "$dir"/queens-"${array}"_*.log; do
  echo "  $(basename "$log"): $(tail -1 "$log")"
done

want=$(awk -F'\t' -v n="$n" '$1 == n { print $2, $3 }' crates/queens/tests/data/nqueens-counts.tsv)
[ -n "$want" ] || { echo "slurm-count: N = $n is not in crates/queens/tests/data/nqueens-counts.tsv" >&2; exit 2; }
read -r total fundamental <<<"$want"
[ -s "$dir/result.json" ] || { echo "slurm-count: no result (see $dir/queens-merge-$merge.log)" >&2; cat "$dir"/queens-merge-*.log >&2 || true; exit 1; }
got=$(cat "$dir/result.json")
cat "$dir/result.txt"
if [[ $got == *"\"total\":$total,"* && $got == *"\"fundamental\":$fundamental,"* ]]; then
  echo "slurm-count: N = $n through Slurm: total $total, fundamental $fundamental, as in the table of crates/queens/tests/data"
  rm -rf "$dir"
else
  echo "slurm-count: wrong result for N = $n: $got (want total $total, fundamental $fundamental)" >&2
  exit 1
fi
