#!/usr/bin/env bash
# Plans and submits a split count to Slurm: the estimate first, then a job array of K shares
# (at most M running at once) and a merge job that waits for all of them.
#
#   examples/slurm/submit.sh N K M DIR [sbatch options...]
#   examples/slurm/submit.sh 23 64 16 $PWD/n23 --partition=long --time=2-00:00:00
#
# DIR must be reachable from every node (the shards' results and checkpoints go there).
# QUEENS names the binary (default: queens on the PATH). Prints the two job ids; the result
# is DIR/result.txt once the merge job has run.
set -euo pipefail

[ $# -ge 4 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
n=$1 k=$2 m=$3 dir=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
queens=${QUEENS:-queens}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

echo "submit: the whole count, and one share, as queens estimates them on this machine:" >&2
"$queens" count "$n" --estimate --threads 2 >&2
"$queens" count "$n" --estimate --threads 2 --shard "0/$k" | grep -E '^(work|cpu|wall):' >&2

export N=$n K=$k DIR=$dir QUEENS=$queens
array=$(sbatch --parsable --array="0-$((k - 1))%$m" --export=ALL \
  --output="$dir/queens-%A_%a.log" "$@" "$here/count-array.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --export=ALL --output="$dir/queens-merge-%j.log" "$@" "$here/merge.sbatch")
merge=${merge%%;*}
echo "submit: array job $array ($k tasks, at most $m at once), merge job $merge" >&2
echo "submit: watch with: squeue -j $array,$merge; tail -f $dir/queens-${array}_*.log" >&2
echo "$array $merge"
