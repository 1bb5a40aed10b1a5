#!/usr/bin/env bash
# npm stop: stops what npm start started (application processes, then the infrastructure it started).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT"
source deploy/local/env.sh
if [ -d node_modules/@rayworks/contracts ] && [ -f libs/contracts/dist/index.js ]; then
  node scripts/stack.mjs stop
fi
bash deploy/local/infra.sh down
