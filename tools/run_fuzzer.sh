#!/usr/bin/env bash
# Fuzzes the input parser with libFuzzer (clang, AddressSanitizer, UndefinedBehaviorSanitizer):
# builds tests/fuzz in build-fuzz/ and runs it for SECONDS (default 60) from the seed corpus
# tests/fuzz/corpus (every example input and material file, and edge cases). New inputs go to
# build-fuzz/corpus/, not into the repository. A finding (a crash, a sanitizer report, an
# exception other than an input error, an unreadable message) stops it with exit status 1 and the
# input in build-fuzz/findings/; reproduce with build-fuzz/fuzz_input <file>.
#   tools/run_fuzzer.sh          # one minute (what CI runs)
#   tools/run_fuzzer.sh 3600     # an hour
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
tools/setup.sh --sanitizers > /dev/null
generator=()
command -v ninja > /dev/null && generator=(-G Ninja)
[ -f build-fuzz/CMakeCache.txt ] || CXX=clang++ cmake -S tests/fuzz -B build-fuzz "${generator[@]}"
cmake --build build-fuzz
mkdir -p build-fuzz/corpus build-fuzz/findings
echo "fuzzing the input parser for ${seconds} s"
build-fuzz/fuzz_input build-fuzz/corpus tests/fuzz/corpus -max_total_time="$seconds" \
    -max_len=16384 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix=build-fuzz/findings/ 2>&1 | grep -E "^#[0-9]+ +DONE|stat::number_of_executed_units|ERROR|SUMMARY|what\(\)|Test unit written" || true
if compgen -G "build-fuzz/findings/*" > /dev/null; then
    echo "fuzzer: findings in build-fuzz/findings/ (reproduce: build-fuzz/fuzz_input <file>)" >&2
    exit 1
fi
echo "fuzzer: no findings"
