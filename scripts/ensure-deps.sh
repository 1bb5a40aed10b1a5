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
# Every package.json is part of the stamp: a dependency added or removed there installs again.
want=$(cat package-lock.json patches/*.patch package.json libs/*/package.json services/*/package.json web/package.json |
  sha256sum | cut -d" " -f1)
if [ -d node_modules ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
echo "[deps] installing npm dependencies"
# When the install rewrites package-lock.json (the committed lockfile was not what npm makes of the package.json
# files), the difference is kept in $rewrite and npm test's "dependencies" check fails on it
# (scripts/check-dependencies.sh, docs/decisions/0236). The next install that leaves the lockfile as it is clears it.
rewrite=.local/npm-install-rewrote-lockfile.diff
cp package-lock.json .local/package-lock.before-install.json
npm install --no-audit --no-fund --loglevel=error
if cmp -s package-lock.json .local/package-lock.before-install.json; then
  rm -f "$rewrite"
else
  diff -u .local/package-lock.before-install.json package-lock.json --label "package-lock.json (before npm install)" \
    --label "package-lock.json (after npm install)" > "$rewrite"
  echo "[deps] npm install changed package-lock.json (see $rewrite): commit the new lockfile" >&2
fi
rm -f .local/package-lock.before-install.json
echo "$want" > "$stamp"
