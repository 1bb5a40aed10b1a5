#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or the lockfile changed (the exact versions of
# package-lock.json), and the pinned Helm. (Not `npm ci`: the registry here lacks the other platforms' optional binaries of
# @swc/core and friends, so the lockfile has no entries for them and `npm ci`'s strict check refuses it.)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT"
mkdir -p .local
# Helm, for the chart's test (deploy/helm/rayworks-chart.spec.ts): built once from the Go module proxy, then reused.
bash deploy/helm/install-helm.sh >/dev/null
stamp=.local/npm-installed.sha256
want=$(cat package-lock.json patches/*.patch | sha256sum | cut -d" " -f1)
if [ -d node_modules ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
echo "[deps] installing npm dependencies"
npm install --no-audit --no-fund --loglevel=error
echo "$want" > "$stamp"
