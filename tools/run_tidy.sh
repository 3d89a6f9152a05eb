#!/usr/bin/env bash
# Runs clang-tidy (the committed .clang-tidy) on the C++ sources changed since a revision, with
# every finding an error. CI runs it on what the last commits changed; a developer runs
# it before committing:   tools/run_tidy.sh [base-revision]   (default: the last 5 commits).
# Only the changed .cpp files themselves are checked (their headers' older findings are not
# this change's); build/compile_commands.json must exist (tools/setup.sh makes it).
set -euo pipefail
cd "$(dirname "$0")/.."
tidy=$(command -v clang-tidy || true)
if [ -z "$tidy" ]; then
  echo "run_tidy: skipped: clang-tidy is not installed (tools/setup.sh installs it)"
  exit 0
fi
[ -f build/compile_commands.json ] || { echo "run_tidy: build/compile_commands.json missing: run tools/setup.sh" >&2; exit 1; }
base=${1:-}
if [ -z "$base" ]; then
  count=$(git rev-list --count HEAD)
  back=$(( count > 5 ? 5 : count - 1 ))
  base=HEAD~$back
fi
mapfile -t files < <(git diff --name-only --diff-filter=AM "$base" HEAD -- 'src/*.cpp' 'tools/*.cpp' 'bench/*.cpp' |
  while read -r f; do grep -q "\"file\": \"$PWD/$f\"" build/compile_commands.json && echo "$f"; done)
if [ ${#files[@]} -eq 0 ]; then
  echo "run_tidy: no compiled C++ source changed since $base"
  exit 0
fi
echo "run_tidy: ${#files[@]} changed sources since $base"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
printf '%s\n' "${files[@]}" | xargs -P "$(nproc)" -n 4 "$tidy" -p build --quiet --warnings-as-errors='*' \
  > "$log" 2>&1 || status=$?
grep -v -e 'warnings generated\.$' -e '^Suppressed [0-9]* warnings' "$log" || true
[ "$status" -eq 0 ] || { echo "run_tidy: findings above (tools/run_tidy.sh $base)" >&2; exit 1; }
echo "run_tidy: clean"
