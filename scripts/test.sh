#!/usr/bin/env bash
# npm test: the same infrastructure as npm start, then every check and test:
#   static checks (lint, types, generated OpenAPI documents up to date, exact dependency versions and a lockfile
#   npm install leaves as it is, the console's per-route size budget),
#   unit tests, integration tests against the real PostgreSQL, Redis, Kafka, S3 and SMTP,
#   end-to-end tests in Debian's Chromium against the whole running system,
#   then the check that no test wrote into the demo tenant (it holds exactly its seed: docs/decisions/0046).
#   then, alone and serial, the resilience tests (they kill the shared Kafka broker and bring it back);
# Ends with one line "N passed, N failed[, N skipped]" summing every suite; exits non-zero when anything failed.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT"
bash scripts/ensure-deps.sh || exit 1
bash deploy/local/infra.sh up || exit 1
source deploy/local/env.sh
mkdir -p "$LOG_DIR" .local/test
results=.local/test/checks.tsv
: > "$results"

check() { # name, command...
  local name=$1; shift
  echo "[check] $name"
  if "$@" > ".local/test/$name.log" 2>&1; then
    printf '%s\tpassed\n' "$name" >> "$results"
  else
    printf '%s\tfailed\n' "$name" >> "$results"
    tail -n 40 ".local/test/$name.log"
    echo "[check] $name FAILED (log: .local/test/$name.log)"
  fi
}

bash scripts/build.sh || { echo "0 passed, 1 failed"; exit 1; }
check format npx prettier --check . --log-level warn
check lint bash -c 'NX_NO_CLOUD=true NX_DAEMON=false nx run-many -t lint --outputStyle=static --parallel=2'
check typecheck bash -c 'tsc -b tsconfig.build.json && tsc -p web/tsconfig.json --noEmit && tsc -p web/tsconfig.node.json --noEmit && tsc -p tsconfig.tests.json'
check openapi bash scripts/openapi.sh --check
check dependencies bash scripts/check-dependencies.sh
check console-budget node scripts/console-budget.mjs
node scripts/stack.mjs migrate || { echo "0 passed, 1 failed"; exit 1; }
# The demo tenant (idempotent), which npm start shows a new user. No test uses it: every integration and end-to-end
# test makes a tenant of its own (libs/testing everyRoleTenant / provisionTenant). Its fingerprint before the tests
# is compared with the one after them.
bash scripts/seed-demo.sh || { echo "0 passed, 1 failed"; exit 1; }
demo_before=.local/test/demo-before.json
node services/auth/dist/demo-check.js record "$demo_before" > .local/test/demo-record.log 2>&1 ||
  { cat .local/test/demo-record.log; echo "0 passed, 1 failed"; exit 1; }
# The end-to-end tests drive the system as built now: restart it.
node scripts/stack.mjs stop >/dev/null
node scripts/stack.mjs start || { echo "0 passed, 1 failed"; exit 1; }

NODE_OPTIONS="--experimental-vm-modules --no-warnings=ExperimentalWarning" \
  node node_modules/jest/bin/jest.js --selectProjects unit integration e2e --maxWorkers=2 --json \
  --outputFile=.local/test/jest.json "$@"
jest_status=$?
# The resilience phase, alone and serial: its tests stop shared infrastructure (kill -9 the Kafka broker and bring it
# back as npm start does), which would break tests running beside them (docs/decisions/0198).
echo "[test] resilience phase (serial)"
NODE_OPTIONS="--experimental-vm-modules --no-warnings=ExperimentalWarning" \
  node node_modules/jest/bin/jest.js --selectProjects resilience --runInBand --passWithNoTests --json \
  --outputFile=.local/test/jest-resilience.json "$@"
resilience_status=$?

node scripts/stack.mjs stop >/dev/null
check demo-tenant node services/auth/dist/demo-check.js compare "$demo_before"
node scripts/test-summary.mjs "$results" .local/test/jest.json .local/test/jest-resilience.json
summary_status=$?
[ $jest_status -eq 0 ] && [ $resilience_status -eq 0 ] && [ $summary_status -eq 0 ]
