#!/usr/bin/env bash
# Completion benchmark: `queens complete` and clingo (the standard ASP model in
# bench/queens-completion.lp) on the same instances, side by side, in one run.
#
#   bench/complete.sh                 # all instances; clingo stopped after $CLINGO_LIMIT CPU s
#   RUNS=5 REPEAT=20 CLINGO_LIMIT=120 bench/complete.sh
#
# Instances: boards with no presets (N = 100, 200, 500), 5 random presets (N = 100, 150, 200),
# 16 presets on N = 1000 and 30 on N = 2000 (all made by `queens complete --generate`, the
# paper's method, seed 1), and the 16 excluded-diagonals instances for n = 21 stored with
# the tests (crates/queens/tests/data/completion-ed), and a few tight boards near the phase transition (many presets, seeds 2).
# clingo is installed from PyPI into a virtual environment under target/.
# Prints a Markdown table: CPU seconds (user+sys) and wall seconds. Ours: the median over RUNS
# measurements of REPEAT back-to-back runs each (divided by REPEAT, so process start-up is
# included); clingo's is one run, stopped after CLINGO_LIMIT seconds of CPU time (a CPU limit,
# not a wall clock one, so a busy machine does not cut it short).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
REPEAT=${REPEAT:-10}
CLINGO_LIMIT=${CLINGO_LIMIT:-120}
work=target/bench-complete
venv=target/bench-venv
mkdir -p "$work"

if ! "$venv/bin/python" -c 'import clingo' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet 'clingo==5.8.*'
fi
cargo build --release -p queens-cli >&2
cp target/release/queens "$work/queens"
queens=$work/queens
clingo=("$venv/bin/python" -m clingo)

# name, N, presets
generated=(
  "empty-100 100 0" "empty-200 200 0" "empty-500 500 0"
  "p5-100 100 5" "p5-150 150 5" "p5-200 200 5"
  "p16-1000 1000 16" "p30-2000 2000 30"
)
# name, N, presets, seed: tight boards (about half of such boards complete)
tight=("tight-30 30 18 2" "tight-64 64 48 2" "tight-100 100 70 2")
names=()
for spec in "${generated[@]}"; do
  read -r name n m <<<"$spec"
  "$queens" complete --generate "$n" --presets "$m" --seed 1 >"$work/$name.json"
  names+=("$name")
done
for spec in "${tight[@]}"; do
  read -r name n m seed <<<"$spec"
  "$queens" complete --generate "$n" --presets "$m" --seed "$seed" >"$work/$name.json"
  names+=("$name")
done
reference=crates/queens/tests/data/completion-ed
for f in $(cut -f1 "$reference/verdicts.tsv" | tail -n +2); do
  cp "$reference/$f" "$work/${f%.json}.json"
  names+=("${f%.json}")
done

# JSON instance -> ASP facts.
for name in "${names[@]}"; do
  python3 - "$work/$name.json" >"$work/$name.lp" <<'PY'
import json, sys
inst = json.load(open(sys.argv[1]))
print(f"% n = {inst['n']}")
for c, r in inst.get("queens", []):
    print(f"preset({c},{r}).")
for s in inst.get("excluded_sums", []):
    print(f"xsum({s}).")
for d in inst.get("excluded_differences", []):
    print(f"xdiff({d}).")
PY
done

# Prints "cpu wall status" for one run of a command; its output goes to $work/last.out.
measure() {
  local t status=0
  t=$(mktemp)
  /usr/bin/time -f "%U %S %e" -o "$t" "$@" >"$work/last.out" 2>/dev/null || status=$?
  tail -n 1 "$t" | awk -v s="$status" '{printf "%.2f %.2f %s\n", $1 + $2, $3, s}'
  rm -f "$t"
}

median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

echo "| instance | queens: verdict | queens CPU s | queens wall s | clingo: verdict | clingo CPU s | clingo wall s |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for name in "${names[@]}"; do
  n=$(python3 -c "import json; print(json.load(open('$work/$name.json'))['n'])")
  cpus=() walls=()
  status=0
  "$queens" complete --input "$work/$name.json" --json >/dev/null || status=$?
  ours=$([ "$status" = 0 ] && echo solved || ([ "$status" = 1 ] && echo impossible || echo "error $status"))
  for _ in $(seq "$RUNS"); do
    read -r cpu wall _ < <(measure bash -c "for i in \$(seq $REPEAT); do \
      '$queens' complete --input '$work/$name.json' --json >/dev/null || true; done")
    cpus+=("$(awk -v t="$cpu" -v k="$REPEAT" 'BEGIN {printf "%.3f", t / k}')")
    walls+=("$(awk -v t="$wall" -v k="$REPEAT" 'BEGIN {printf "%.3f", t / k}')")
  done
  cpu=$(printf '%s\n' "${cpus[@]}" | median)
  wall=$(printf '%s\n' "${walls[@]}" | median)
  read -r ccpu cwall cstatus < <(measure bash -c "ulimit -t $CLINGO_LIMIT; exec ${clingo[*]} -q \
    -c n=$n bench/queens-completion.lp '$work/$name.lp'")
  if grep -q '^UNSATISFIABLE' "$work/last.out"; then
    theirs=impossible
  elif grep -q '^SATISFIABLE' "$work/last.out"; then
    theirs=solved
  else
    theirs="no answer (limit)"; ccpu=">$ccpu"; cwall=">$cwall"
  fi
  echo "| $name | $ours | $cpu | $wall | $theirs | $ccpu | $cwall |"
done
