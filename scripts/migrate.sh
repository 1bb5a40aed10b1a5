#!/usr/bin/env bash
# npm run migrate: every service's migrations, in turn, as the owner role (scripts/stack.mjs migrate).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT"
source deploy/local/env.sh
node scripts/stack.mjs migrate
