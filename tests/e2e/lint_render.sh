#!/usr/bin/env bash
# tests/e2e/lint_render.sh - tests/e2e/lint.sh's clang-tidy over render/
# and render/layout/: a ctest test of its own, so that each part ends
# within its time limit with a cold cache.
HP2X_LINT_PART=render exec bash "$(dirname "$0")/lint.sh" "$@"
