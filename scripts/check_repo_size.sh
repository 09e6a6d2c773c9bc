#!/usr/bin/env bash
# Fails when the tracked tree grows past LIMIT_MIB (default 60): the device
# tool that records H100 goldens refuses a working tree over 64 MiB, so the
# repository must keep room for a run's untracked inputs. Large recordings
# and generated text belong zstd-compressed (tests/func/forms keeps its
# module and goldens as .zst). Exit 77 (skipped) outside a git checkout.
#   scripts/check_repo_size.sh [LIMIT_MIB]
set -euo pipefail
cd "$(dirname "$0")/.."
limit_mib=${1:-60}
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "not a git checkout: skipped"; exit 77; }
# Files deleted in the work tree but still tracked are not counted.
total=$(git ls-files -z | { xargs -0 stat -c %s -- 2>/dev/null || true; } | awk '{ s += $1 } END { print s + 0 }')
limit=$((limit_mib * 1048576))
awk -v t="$total" -v l="$limit_mib" 'BEGIN { printf "tracked files: %d bytes (%.1f MiB), limit %d MiB\n", t, t / 1048576, l }'
if ((total > limit)); then
  echo "the tracked tree is over ${limit_mib} MiB; largest files:"
  git ls-files -z | xargs -0 stat -c "%s %n" | sort -rn | sed -n 1,10p
  exit 1
fi
