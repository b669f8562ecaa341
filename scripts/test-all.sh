#!/usr/bin/env bash
# `npm test`: every check the project has, in order of cost. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }

rm -rf .test-results
step "System packages"; bash scripts/ensure-system-packages.sh
step "Lint";            npm run -s lint
step "Type check";      npm run -s typecheck
step "Message keys";    npm run -s check:messages
step "Unit tests";      npm run -s test:unit
step "Integration tests (PostgreSQL)"; npm run -s test:integration
step "Production build"; npm run -s build
step "Browser tests (Chromium)"; npm run -s test:e2e

# One closing line for the whole suite, summed from the runners' JSON reports.
node scripts/test-summary.mjs
