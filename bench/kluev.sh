#!/usr/bin/env bash
# Times `queens count N --threads 1` against Kluev's meet-in-the-middle counter
# (N-Queens-Count-Sol), side by side in one run: CPU seconds (user+sys) of each, medians of
# RUNS alternated runs, and the ratio ours / theirs.
#
#   bench/kluev.sh SOURCE [-r RUNS] N...
#   bench/kluev.sh ~/src/N-Queens-Count-Sol 16 17 18 19
#   bench/kluev.sh SOURCE -s PARTS/K [-r RUNS] N...       (sampled, for N = 21 and beyond)
#
# Sampled (-s PARTS/K): both programs split the count into PARTS parts, ours with
# `--shard I/PARTS` (shares balanced by estimated cost), the peer with its own
# `nqueens 1 PARTS I` (every PARTS-th choice). K part numbers are drawn at random (seed 1);
# each is timed in both programs, alternated, and each program's total is estimated as
# PARTS times its mean part. A part repeats what a whole count does once (our pieces, the
# peer's quarter tables), so the estimates are upper bounds, closer as the parts grow. The
# peer's variant is the fastest on one part of 64 times as many, the first drawn one.
#
# SOURCE is a local clone of the peer's repository (nothing is downloaded, and none of its code
# is kept here). Its board size and tuning are compile-time constants, so the script builds it
# once per N in a temporary folder, in the four variants its README offers (plain, prefetch,
# BMI2, both; g++ -std=c++20 -O3 -march=native), with the tuning of its own table for that N,
# times each variant once and keeps the fastest: the peer at its best. From N = 20, where a
# whole count takes minutes, each variant is timed on one part of 16 (`nqueens 1 16 0`).
set -euo pipefail
cd "$(dirname "$0")/.."

src=${1:?usage: bench/kluev.sh SOURCE [-r RUNS] N...}
shift
runs=3 sample=
while [ $# -gt 0 ]; do
  case $1 in
    -r) runs=$2; shift 2 ;;
    -s) sample=$2; shift 2 ;;
    *) break ;;
  esac
done
if [ -n "$sample" ] && ! [[ $sample =~ ^[1-9][0-9]*/[1-9][0-9]*$ ]]; then
  echo "kluev.sh: -s takes PARTS/K (two positive numbers, K at most PARTS), not '$sample'" >&2; exit 2
fi
[ $# -gt 0 ] || { sed -n '2,8p' "$0"; exit 2; }
[ -f "$src/solcounter.h" ] || { echo "kluev.sh: $src has no solcounter.h" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "kluev.sh: GNU time (/usr/bin/time) is required" >&2; exit 2; }

cargo build --release -q -p queens-cli
ours=target/release/queens
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The peer's own table of tuning per size (solcounter.h): sieve cuts and match group size.
cuts() { case $1 in 20|21) echo 3 ;; 22|23|24) echo 6 ;; *) echo 0 ;; esac; }
minsize() { case $1 in 20|21) echo 60 ;; 22|23|24) echo 80 ;; *) echo 40 ;; esac; }

build() { # N VARIANT -> path of the binary
  local n=$1 v=$2 d="$work/$1-$2"
  mkdir -p "$d"
  cp "$src"/*.h "$src"/main.cpp "$d"/
  local bmi=false pf=false
  if [ "$v" = bmi ] || [ "$v" = both ]; then
    bmi=true; sed -i 's|^//#include "bmi2.h"|#include "bmi2.h"|' "$d/bmintrin.h"
  fi
  if [ "$v" = pf ] || [ "$v" = both ]; then
    pf=true; sed -i 's|^//#include "prefetchx86.h"|#include "prefetchx86.h"|' "$d/prefetch.h"
  fi
  sed -i -E "s/(inline constexpr int size = )[0-9]+;/\1$n;/; \
    s/(\.sieveCuts = )[0-9]+,/\1$(cuts "$n"),/; s/(\.matchMinSize = )[0-9]+,/\1$(minsize "$n"),/; \
    s/(\.bmiIntrin = )(true|false),/\1$bmi,/; s/(\.prefetch = )(true|false),/\1$pf,/" "$d/solcounter.h"
  g++ -std=c++20 -O3 -march=native -o "$d/nqueens" "$d/main.cpp" -lpthread
  echo "$d/nqueens"
}

cpu() { # command... -> CPU seconds
  /usr/bin/time -f '%U %S' -o "$work/t" "$@" >/dev/null 2>&1
  awk '{ print $1 + $2 }' "$work/t"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Sampled: K drawn parts of PARTS, each timed in both programs (alternated), totals estimated.
sampled() { # N
  local n=$1 parts=${sample%/*} k=${sample#*/} best= bestv= bestt= t a b i
  [ "$k" -le "$parts" ] || { echo "kluev.sh: -s $sample draws more parts than there are" >&2; exit 2; }
  local drawn
  drawn=$(seq 0 $((parts - 1)) | shuf -n "$k" --random-source=<(yes 1))
  local first=${drawn%%$'\n'*}
  for v in plain pf bmi both; do
    bin=$(build "$n" "$v")
    t=$(cpu "$bin" 1 $((64 * parts)) "$first")
    if [ -z "$bestt" ] || awk -v a="$t" -v b="$bestt" 'BEGIN { exit !(a < b) }'; then
      best=$bin bestv=$v bestt=$t
    fi
  done
  a=() b=()
  for i in $drawn; do
    for _ in $(seq "$runs"); do
      ta=$(cpu "$ours" count "$n" --threads 1 --shard "$i/$parts" --out "$work/share.json")
      tb=$(cpu "$best" 1 "$parts" "$i")
      printf '%3s part %5s of %s: ours %9.2f s, kluev %9.2f s\n' "$n" "$i" "$parts" "$ta" "$tb" >&2
      a+=("$ta") b+=("$tb")
    done
  done
  local ma mb
  ma=$(printf '%s\n' "${a[@]}" | awk -v p="$parts" '{ s += $1 } END { print p * s / NR }')
  mb=$(printf '%s\n' "${b[@]}" | awk -v p="$parts" '{ s += $1 } END { print p * s / NR }')
  printf '%3s %10.1f %12.1f %8.3f  %s (estimates from %s of %s parts, %s runs each)\n' "$n" "$ma" "$mb" \
    "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print a / b }')" "$bestv" "$k" "$parts" "$runs"
}

printf '%3s %10s %12s %8s  %s\n' N ours_cpu_s kluev_cpu_s ratio "kluev variant"
if [ -n "$sample" ]; then
  for n in "$@"; do sampled "$n"; done
  exit 0
fi
for n in "$@"; do
  best= bestv= bestt=
  for v in plain pf bmi both; do
    bin=$(build "$n" "$v")
    if [ "$n" -ge 20 ]; then t=$(cpu "$bin" 1 16 0); else t=$(cpu "$bin" 1); fi
    if [ -z "$bestt" ] || awk -v a="$t" -v b="$bestt" 'BEGIN { exit !(a < b) }'; then
      best=$bin bestv=$v bestt=$t
    fi
  done
  a=() b=()
  for _ in $(seq "$runs"); do
    a+=("$(cpu "$ours" count "$n" --threads 1)")
    b+=("$(cpu "$best" 1)")
  done
  ma=$(printf '%s\n' "${a[@]}" | median)
  mb=$(printf '%s\n' "${b[@]}" | median)
  printf '%3s %10.2f %12.2f %8.3f  %s\n' "$n" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print a / b }')" "$bestv"
done
