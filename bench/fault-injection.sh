#!/usr/bin/env bash
# Fault injection for checkpointed counts: RUNS counts of N = 15 and 16 with both engines
# (quarters, dihedral), each killed with SIGKILL at a random moment (up to three times) and
# resumed until it ends, each checked against crates/queens/tests/data/nqueens-counts.tsv; then a checkpoint
# cut in the middle of a line (repaired, with a note), one with a flipped byte and one of
# another N (refused, exit 2, the file unchanged). Never a wrong total.
#
#   bench/fault-injection.sh [RUNS]      # RUNS per (N, engine), default 6: 24 counts
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-6}
cargo build --release -q -p queens-cli
q=$PWD/target/release/queens
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
want() { awk -F'\t' -v n="$1" '$1 == n { print $2 }' crates/queens/tests/data/nqueens-counts.tsv; }
total_of() { sed -E 's/.*"total":([0-9]+).*/\1/'; }

count=0 kills=0
for n in 15 16; do
  for engine in quarters dihedral; do
    # The longest the count takes here, in seconds: kill moments are drawn below it.
    most=$( { /usr/bin/time -f %e "$q" count "$n" -a "$engine" --json >/dev/null; } 2>&1 | tail -1)
    for run in $(seq "$runs"); do
      ck=$dir/n$n-$engine-$run.log
      for _ in 1 2 3; do
        "$q" count "$n" -a "$engine" --checkpoint "$ck" --json >"$dir/out" 2>/dev/null &
        pid=$!
        sleep "$(awk -v m="$most" -v r="$RANDOM" 'BEGIN { printf "%.3f", m * 1.5 * r / 32768 }')"
        if kill -KILL "$pid" 2>/dev/null; then kills=$((kills + 1)); fi
        wait "$pid" 2>/dev/null || true
      done
      got=$("$q" count "$n" -a "$engine" --checkpoint "$ck" --json 2>/dev/null | total_of)
      if [ "$got" != "$(want "$n")" ]; then
        echo "fault-injection: N = $n $engine run $run: total $got, want $(want "$n")" >&2
        exit 1
      fi
      count=$((count + 1))
    done
    echo "fault-injection: N = $n, $engine: $runs counts killed and resumed, each total $(want "$n")"
  done
done
echo "fault-injection: $count counts, $kills of their runs killed with SIGKILL: every total exact"

# Damaged checkpoints: a line cut short is dropped with a note; a flipped byte and another N
# are refused with exit 2 and leave the file as it was.
ck=$dir/n15.log
"$q" count 15 --checkpoint "$ck" --json >/dev/null
size=$(stat -c %s "$ck")
truncate -s $((size - 7)) "$ck"
got=$("$q" count 15 --checkpoint "$ck" --json 2>"$dir/err" | total_of)
[ "$got" = "$(want 15)" ] && grep -q "ended in the middle of a line" "$dir/err" \
  || { echo "fault-injection: a cut checkpoint was not repaired" >&2; exit 1; }
echo "fault-injection: cut in its last line: repaired ($(cut -c1-60 "$dir/err")...), total $got"
cp "$ck" "$dir/good"
pos=$((size / 2))
perl -e 'open my $f, "+<", $ARGV[0] or die; seek $f, $ARGV[1], 0; read $f, my $c, 1;
  seek $f, $ARGV[1], 0; print $f chr(ord($c) ^ 4)' "$ck" "$pos"
for args in "15" "16"; do
  [ "$args" = 16 ] && cp "$dir/good" "$ck"
  before=$(sha256sum <"$ck")
  if "$q" count $args --checkpoint "$ck" --json >/dev/null 2>"$dir/err"; then
    echo "fault-injection: a damaged or foreign checkpoint was accepted" >&2; exit 1
  fi
  [ "$before" = "$(sha256sum <"$ck")" ] || { echo "fault-injection: a refused checkpoint was changed" >&2; exit 1; }
  echo "fault-injection: $([ "$args" = 15 ] && echo 'a flipped byte' || echo 'another N'): refused, unchanged: $(cat "$dir/err")"
done
