#!/usr/bin/env bash
# npm run openapi: writes services/*/openapi.json from each service's controllers (no infrastructure needed),
# and docs/roles-and-privileges.md from libs/contracts. (libs/api-client is written by hand over libs/contracts:
# docs/decisions/0040-one-typed-client.md.)
# With --check, fails when regenerating changes any of those files.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT"
check=false
[ "${1:-}" = "--check" ] && check=true
generated=(services/*/openapi.json docs/roles-and-privileges.md)
before=$(mktemp -d)
$check && for f in "${generated[@]}"; do [ -e "$f" ] && mkdir -p "$before/$(dirname "$f")" && cp -r "$f" "$before/$f"; done
for dir in services/*/; do
  name=$(basename "$dir")
  node "$dir/dist/openapi.js"
done
node scripts/generate-roles-doc.mjs
if $check; then
  changed=0
  for f in "${generated[@]}"; do
    if ! diff -r -q "$before/$f" "$f" >/dev/null 2>&1; then echo "[openapi] out of date: $f (run npm run openapi and commit)"; changed=1; fi
  done
  rm -rf "$before"
  [ "$changed" = 0 ] && echo "[openapi] committed documents are up to date"
  exit "$changed"
fi
echo "[openapi] written"
