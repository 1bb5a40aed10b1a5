#!/usr/bin/env bash
# npm start: installs what is missing, brings the infrastructure up, builds, migrates, starts every service,
# worker and the gateway (which serves the console), seeds the demo tenant, waits until all are ready, stores the
# demo studies (scripts/seed-demo-studies.mjs: the worklist has cases), report templates and the front desk (tests,
# rate card, holidays, visits: scripts/seed-demo-billing.mjs), the laboratory's test definitions
# (scripts/seed-demo-lims.mjs), and prints where to go and the demo logins.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT"
bash scripts/ensure-deps.sh
bash deploy/local/infra.sh up
source deploy/local/env.sh
mkdir -p "$LOG_DIR"
bash scripts/build.sh
node scripts/stack.mjs migrate
bash scripts/seed-demo.sh
node scripts/stack.mjs start
node scripts/seed-demo-studies.mjs || echo "[demo] the demo studies were not stored (see above): the worklist starts empty" >&2
node scripts/seed-demo-reporting.mjs || echo "[demo] the demo report templates and layouts were not stored (see above)" >&2
# the lab's definitions first: the demo visits' lab tests are then collected in the lab's own containers
node scripts/seed-demo-lims.mjs || echo "[demo] the demo laboratory's test definitions were not stored (see above)" >&2
node scripts/seed-demo-billing.mjs || echo "[demo] the demo front desk (tests, rate card, holidays, visits) was not stored (see above)" >&2
cat <<MSG

Rayworks is running.
  Console:        http://localhost:8080
  Service status: http://localhost:8080/status
  API docs:       http://localhost:8080/api/<service>/docs   (auth cases reporting billing lims imaging)
  Logs:           .local/logs/<process>.log      Stop with: npm stop

$(node services/auth/dist/seed.js --table)
MSG
