#!/usr/bin/env bash
# Sets up (tools/setup.sh), then runs the whole test suite with ctest. Extra arguments go to
# ctest, e.g. tools/run_tests.sh -L physics   or   tools/run_tests.sh -R halo
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
ctest --test-dir build --output-on-failure -j "$(nproc)" "$@"
