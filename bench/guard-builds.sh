# Sourced by the guards (bench/paths.sh, bench/tour-guard.sh), from the repository's root:
# `guard_builds NAME REV` checks for GNU time, builds the baseline revision REV once in a
# worktree of its own (target/guard/REV) and the working tree, and sets `rev` (REV, short),
# `old` and `new` (the two binaries). Exits 2, naming NAME, when time or REV is missing.
guard_builds() { # script name, baseline revision
  [ -x /usr/bin/time ] || { echo "$1: GNU time (/usr/bin/time) is required" >&2; exit 2; }
  rev=$(git rev-parse --short=12 "$2^{commit}") || { echo "$1: no revision $2" >&2; exit 2; }
  old=target/guard/$rev/release/queens
  if [ ! -x "$old" ]; then
    local tree
    tree=$(mktemp -d)
    git worktree add -q --detach "$tree" "$rev"
    CARGO_TARGET_DIR="$PWD/target/guard/$rev" cargo build --release -q -p queens-cli \
      --manifest-path "$tree/Cargo.toml"
    git worktree remove --force "$tree"
  fi
  cargo build --release -q -p queens-cli
  new=target/release/queens
}
