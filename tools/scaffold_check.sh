#!/usr/bin/env bash
# The contributor path, end to end (docs/new_env.md; `make scaffold-check`).
#
# In a scratch copy of this working tree: scaffold a one-player family
# (corridor) and a multi-player one (duel) with tools/new_family.py; build
# and test them with plain `bazel test`, no PYTHON_BIN_PATH set; check that
# //parallel_pool and `import parallel_pool` include them, that they pass
# `make lint`'s checks, and that no file outside their two folders changed.
# This tree is left as it was.
#
# About a minute: the copy has its own Bazel server and output base (removed
# at the end); the shared disk cache turns most of the build into cache hits.
set -euo pipefail

cd "$(dirname "$0")/.."
VENV=${VENV:-$HOME/.cache/parallel_pool/venv}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/parallel_pool-scaffold.XXXXXX")
repo="$scratch/repo"
cleanup() {
  # --expunge: the copy's output base would otherwise stay in ~/.cache/bazel.
  if [[ -f "$repo/WORKSPACE" ]]; then (cd "$repo" && bazel clean --expunge) >/dev/null 2>&1 || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT

# The working tree as git sees it: tracked and new files, not ignored ones.
mkdir "$repo"
git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' path; do [[ -e "$path" ]] && printf '%s\0' "$path"; done |
  tar --null -T - -cf - | tar -xf - -C "$repo"
cd "$repo"

snapshot() {
  find . \( -name 'bazel-*' -o -name __pycache__ -o -name .ruff_cache \) -prune -o -type f -print0 |
    sort -z | xargs -0 md5sum
}
snapshot >"$scratch/before"

"$VENV/bin/python" tools/new_family.py corridor
"$VENV/bin/python" tools/new_family.py duel --multi-player

echo "scaffold-check: bazel test, with no PYTHON_BIN_PATH"
# entry_test checks that //parallel_pool has every family and that each loads.
env -u PYTHON_BIN_PATH bazel test //parallel_pool/corridor/... //parallel_pool/duel/... //parallel_pool:entry_test

(cd bazel-bin/parallel_pool/entry_test.runfiles/parallel_pool && "$VENV/bin/python" -c '
import parallel_pool
ids = parallel_pool.list_all_envs()
assert {"Corridor-v0", "Duel-v0"} <= set(ids), ids
print("scaffold-check: parallel_pool.list_all_envs() has Corridor-v0 and Duel-v0")
')

# The tooling's targets come from every family's facts (family.bzl's env_families):
# the sanitizer smoke has the new families with no edit of reliability/BUILD.
env -u PYTHON_BIN_PATH bazel query \
  'set(//reliability:sanitizer_smoke_corridor_test //reliability:sanitizer_smoke_duel_test)' >/dev/null
echo "scaffold-check: //reliability has the sanitizer smoke of corridor and duel"

echo "scaffold-check: make lint's checks on the new families"
"$VENV/bin/ruff" check --no-cache parallel_pool/corridor parallel_pool/duel
"$VENV/bin/ruff" format --check --no-cache parallel_pool/corridor parallel_pool/duel
"$VENV/bin/clang-format" --dry-run --Werror parallel_pool/{corridor,duel}/*.{h,cc}

snapshot >"$scratch/after"
outside=$(diff "$scratch/before" "$scratch/after" | sed -n 's/^[<>] [0-9a-f]*  //p' |
  grep -v -E '^\./parallel_pool/(corridor|duel)/' | sort -u || true)
if [[ -n "$outside" ]]; then
  echo "scaffold-check: files outside the new families changed:" >&2
  echo "$outside" >&2
  exit 1
fi
echo "scaffold-check: passed; no file outside parallel_pool/corridor/ and parallel_pool/duel/ changed"
