#!/usr/bin/env bash
# tests/e2e/lint_tidy.sh - the second half of tests/e2e/lint.sh's
# clang-tidy (data/, page/, convert/, live/): a ctest test of its own, so
# that both halves end within their time limits with a cold cache.
HP2X_LINT_PART=tidy exec bash "$(dirname "$0")/lint.sh" "$@"
