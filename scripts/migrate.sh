#!/usr/bin/env bash
# npm run migrate: every service's migrations, as the owner role. One service: npm run migrate -w @rayworks/<name>.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT"
source deploy/local/env.sh
node scripts/stack.mjs migrate
