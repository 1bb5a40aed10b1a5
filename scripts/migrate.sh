#!/usr/bin/env bash
# npm run migrate: every service's migrations, in turn, as the owner role (scripts/stack.mjs migrate).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT"
source deploy/local/env.sh
node scripts/stack.mjs migrate
# Compose's migrate container sets RAYWORKS_SEED_DEMO=true to load the demo tenant (npm start always does).
if [ "${RAYWORKS_SEED_DEMO:-false}" = "true" ]; then bash scripts/seed-demo.sh; fi
