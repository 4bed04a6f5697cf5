#!/usr/bin/env bash
# The guard of the counting engine: the working tree against a baseline revision, on every build
# of the join this CPU can run, one thread, runs alternated (baseline, new, baseline, new, ...).
# Run it on the CPU at hand before any change to a counting engine lands, and keep the ratios.
#
#   bench/paths.sh [-b REV] [-r RUNS] [-n "N ..."] [-e "N ..."] [-m MEMORY] [-p "PATH ..."]
#   bench/paths.sh                         # HEAD against the working tree: N = 16..20, 22, 23
#   bench/paths.sh -b a1b2c3d -r 5 -n "17 18" -e ""
#
#  -b  the baseline revision (default HEAD); it is built once in target/guard/REV
#  -r  runs of each build per N and path (default 3; the medians are compared)
#  -n  the sizes counted whole (default "16 17 18 19 20"; N = 20 takes minutes a run)
#  -e  the sizes estimated from the same sample of choices (default "22 23": seed 1 is fixed,
#      so both builds count and time the same choices; the sample's CPU time is compared).
#      Builds before 2026-12-01 timed each sampled choice with working memory made anew for it
#      (its allocation and first touch in the time): against such a baseline, the ratios of
#      the samples are low by that much (BENCHMARKS.md, "count --estimate"). From N = 20 to 21
#      the sample is of parts, in rounds until it has taken 5 CPU s: when the two builds' samples
#      differ in size the line says so, and a shard (--shard I/K) is the like-for-like timing
#  -m  the memory budget of every run (default 12G, so that both builds plan alike)
#  -p  the paths (default: each of plain, avx2, avx512, avx512-popcnt this CPU runs)
#
# A path is forced with the environment variable QUEENS_JOIN_PATH (read once by the engine; a
# path this CPU cannot run is refused with exit 2). A baseline older than that variable runs its
# fastest path whatever is asked: the script says so. Prints, per N and path, the CPU seconds
# (user + sys, GNU time) of each build, their ratio new / baseline, and the totals, which must
# agree. Before the timings it counts, in each build, the gathers and scatters in the join's
# functions: the compiler turned a plain loop into them under AVX-512 once, unseen on a CPU
# without AVX-512 (BENCHMARKS.md), so this check covers the paths this CPU cannot time.
set -euo pipefail
cd "$(dirname "$0")/.."

base=HEAD runs=3 sizes="16 17 18 19 20" estimates="22 23" memory=12G paths=""
while getopts "b:r:n:e:m:p:h" opt; do
  case $opt in
    b) base=$OPTARG ;;
    r) runs=$OPTARG ;;
    n) sizes=$OPTARG ;;
    e) estimates=$OPTARG ;;
    m) memory=$OPTARG ;;
    p) paths=$OPTARG ;;
    *) sed -n '2,21p' "$0"; exit 2 ;;
  esac
done
# The baseline, built once per revision in a worktree of its own, and the working tree.
. bench/guard-builds.sh
guard_builds paths.sh "$base"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The gathers and scatters of the join's builds (objdump from binutils; skipped without it).
if command -v objdump >/dev/null; then
  echo "gathers and scatters in the builds of the join, baseline $rev / working tree:"
  for bin in "$old" "$new"; do
    objdump -d -C --no-show-raw-insn "$bin" | awk '
      /^[0-9a-f]+ <.*>:$/ { fn = "" }
      /^[0-9a-f]+ <queens::count::quarters::join::(join|unions|half)_[a-z0-9_]+>:$/ {
        fn = $2; sub(/^<queens::count::quarters::join::/, "", fn); sub(/>:$/, "", fn); seen[fn] += 0 }
      fn != "" && /vp?(gather|scatter)/ { seen[fn]++ }
      END { for (f in seen) printf "%s %d, ", f, seen[f]; print "" }'
  done
fi

# The paths to time: those the new build accepts; whether the baseline can be forced at all.
if [ -z "$paths" ]; then
  for p in plain avx2 avx512 avx512-popcnt; do
    if QUEENS_JOIN_PATH=$p "$new" count 8 --json >/dev/null 2>&1; then paths+="$p "; fi
  done
fi
if QUEENS_JOIN_PATH=not-a-path "$old" count 8 --json >/dev/null 2>&1; then
  echo "note: baseline $rev ignores QUEENS_JOIN_PATH: it runs its fastest path in every row"
fi

cpu() { # command... -> "CPU seconds<TAB>stdout"
  local out
  out=$(/usr/bin/time -f '%U %S' -o "$work/t" "$@" 2>/dev/null)
  printf '%s\t%s\n' "$(awk '{ print $1 + $2 }' "$work/t")" "$out"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
field() { sed -E "s/.*\"$1\":([0-9.]+).*/\\1/"; }

printf '%-14s %3s %-8s %10s %10s %7s  %s\n' path N kind base_cpu_s new_cpu_s ratio "totals (base / new)"
for p in $paths; do
  export QUEENS_JOIN_PATH=$p
  for n in $sizes $estimates; do
    kind=count args=(count "$n" --threads 1 --memory "$memory" --json)
    if [[ " $estimates " == *" $n "* ]]; then kind=estimate args+=(--estimate); fi
    a=() b=() ta= tb= za= sizes_differ=
    for _ in $(seq "$runs"); do
      for side in old new; do
        bin=$old; [ $side = new ] && bin=$new
        IFS=$'\t' read -r s out < <(cpu "$bin" "${args[@]}")
        if [ $kind = estimate ]; then
          # The sample's own CPU time: the same choices in both builds.
          s=$(sed -E 's/.*"sample":\{[^}]*"seconds":([0-9.]+).*/\1/' <<<"$out")
          t=$(field cpu_seconds <<<"$out")
          # Its size: from N = 20 to 21 the sample is of parts, in rounds until it has taken
          # 5 CPU s, so a faster build may time a round more than a slower one.
          z=$(sed -E 's/.*"sample":\{"(parts|choices)":([0-9]+).*/\2/' <<<"$out")
          if [ $side = old ]; then za=$z; elif [ "$z" != "$za" ]; then sizes_differ=1; fi
        else
          t=$(field total <<<"$out")
        fi
        if [ $side = old ]; then a+=("$s") ta=$t; else b+=("$s") tb=$t; fi
      done
    done
    ma=$(printf '%s\n' "${a[@]}" | median)
    mb=$(printf '%s\n' "${b[@]}" | median)
    printf '%-14s %3s %-8s %10.2f %10.2f %7.3f  %s / %s%s\n' "$p" "$n" "$kind" "$ma" "$mb" \
      "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print b / a }')" "$ta" "$tb" \
      "${sizes_differ:+  (samples of different sizes: the ratio is not comparable; compare the estimates, or time a shard)}"
  done
done
