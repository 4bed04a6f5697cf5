#!/usr/bin/env bash
# The long checks: every test marked #[ignore] in the workspace (each says why: minutes of
# CPU, gigabytes of memory, or both), in release, one test at a time so that two large ones
# never hold their memory together. The longest are the 8x8 closed knight's tours (about
# 20 GB and 40 minutes on 2 cores), the domination count at N = 19 (over half an hour) and the
# bounded counter to N = 20 (about 20 minutes); the whole run takes a few hours.
#
#   scripts/long-tests.sh                  # all of them
#   scripts/long-tests.sh six_by_fifteen   # those whose name contains the filter
#   scripts/long-tests.sh --list           # their names, without running them
#
# Extra arguments go to the test harness (cargo test ... -- --ignored ARGS). The exit code is
# cargo's: 0 when every long check passed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--list" ]; then
  exec cargo test --workspace --release -q -- --ignored --list --format terse 2>/dev/null
fi
exec cargo test --workspace --release -- --ignored --test-threads=1 "$@"
