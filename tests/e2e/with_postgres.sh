#!/usr/bin/env bash
# Runs a test program with a throw-away PostgreSQL cluster: CHURCHILL_TEST_POSTGRES holds its URL.
# Exits 77 (skipped) only when PostgreSQL cannot be installed.
# Usage: with_postgres.sh PROGRAM [ARGS...]
set -euo pipefail
source "$(dirname "$0")/postgres.sh"
pg_require
work=$(mktemp -d)
trap 'pg_stop; rm -rf "$work"' EXIT
pg_start "$work"
CHURCHILL_TEST_POSTGRES=$PG_URL "$@"
