#!/usr/bin/env bash
# Builds k6 once with `go install` into ~/.cache/rayworks/bin (about 3 minutes, like MinIO) and prints its path.
# Used by deploy/k6/run.sh (npm run load, npm run bench:k6) and by npm run bench:worklist.
set -euo pipefail
K6_VERSION=v1.8.1
bin="${XDG_CACHE_HOME:-$HOME/.cache}/rayworks/bin"
mkdir -p "$bin"
if [ "$(cat "$bin/k6.version" 2>/dev/null)" != "$K6_VERSION" ] || [ ! -x "$bin/k6" ]; then
  command -v go >/dev/null || { echo "[k6] Go is needed to build k6" >&2; exit 1; }
  echo "[k6] building k6 $K6_VERSION with go install (once)" >&2
  GOBIN="$bin" GOFLAGS="${GOFLAGS:--buildvcs=false}" CGO_ENABLED=0 go install "go.k6.io/k6@$K6_VERSION" >&2
  echo "$K6_VERSION" > "$bin/k6.version"
fi
echo "$bin/k6"
