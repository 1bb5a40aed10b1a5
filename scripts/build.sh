#!/usr/bin/env bash
# Builds every library, service and the console (nx, cached: an unchanged project is not rebuilt).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT"
NX_NO_CLOUD=true NX_DAEMON=false nx run-many -t build --outputStyle=static --parallel=2 >"${LOG_DIR:-.local/logs}/build.log" 2>&1 || {
  tail -n 60 "${LOG_DIR:-.local/logs}/build.log"
  echo "[build] failed; full log in ${LOG_DIR:-.local/logs}/build.log" >&2
  exit 1
}
echo "[build] done"
