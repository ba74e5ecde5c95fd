#!/usr/bin/env bash
# tests/e2e/formats_pdf.sh - the PDF and EPS part of tests/e2e/formats.sh's
# matrix (every format from every real profile under every hp2ps flag
# set, checked by the tools that read them; formats.sh says what is
# checked): a ctest test of its own, so that both halves end well within
# their time limits.
HP2X_FORMATS_PART=pdf exec bash "$(dirname "$0")/formats.sh" "$@"
