#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or the lockfile changed (npm ci, exact versions).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT"
mkdir -p .local
stamp=.local/npm-installed.sha256
want=$(cat package-lock.json | sha256sum | cut -d' ' -f1)
if [ -d node_modules ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
echo "[deps] installing npm dependencies (npm ci)"
npm ci --no-audit --no-fund --loglevel=error
echo "$want" > "$stamp"
