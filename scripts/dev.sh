#!/usr/bin/env bash
# npm run dev: the console's Vite dev server (hot reload) on http://localhost:5173, proxying /api, /health
# and /realtime to the gateway on 8080 — start the system first with npm start.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT/web"
exec vite --host 127.0.0.1 --port 5173
