#!/usr/bin/env bash
# tests/e2e/page_more.sh - the second half of tests/e2e/page.sh's cases
# (page.sh says what each checks): a ctest test of its own, so that both
# halves end well within their time limits.
HP2X_PAGE_PART=more exec bash "$(dirname "$0")/page.sh" "$@"
