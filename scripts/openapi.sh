#!/usr/bin/env bash
# npm run openapi: writes services/*/openapi.json from each service's controllers (no infrastructure needed),
# then generates libs/api-client from them, and docs/roles-and-privileges.md from libs/contracts.
# With --check, fails when regenerating changes any of those files.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT"
check=false
[ "${1:-}" = "--check" ] && check=true
generated=(services/*/openapi.json libs/api-client/src/generated docs/roles-and-privileges.md)
before=$(mktemp -d)
$check && for f in "${generated[@]}"; do [ -e "$f" ] && mkdir -p "$before/$(dirname "$f")" && cp -r "$f" "$before/$f"; done
for dir in services/*/; do
  name=$(basename "$dir")
  node "$dir/dist/openapi.js"
done
node scripts/generate-api-client.mjs
node scripts/generate-roles-doc.mjs
npx prettier --log-level warn --write libs/api-client/src/generated >/dev/null
if $check; then
  changed=0
  for f in "${generated[@]}"; do
    if ! diff -r -q "$before/$f" "$f" >/dev/null 2>&1; then echo "[openapi] out of date: $f (run npm run openapi and commit)"; changed=1; fi
  done
  rm -rf "$before"
  [ "$changed" = 0 ] && echo "[openapi] committed documents and api-client are up to date"
  exit "$changed"
fi
echo "[openapi] written"
