#!/usr/bin/env bash
# Helm, built once from the Go module proxy with `go install` into ~/.cache/rayworks/bin (like MinIO in
# deploy/local/s3.sh and k6 in deploy/k6/build-k6.sh). Idempotent: a binary whose stamp names the pinned version is
# reused and the script returns at once. Prints the binary's path on stdout; progress goes to stderr.
#   bash deploy/helm/install-helm.sh            # scripts/ensure-deps.sh runs it, so npm test and CI get it
set -euo pipefail
HELM_MODULE=helm.sh/helm/v3/cmd/helm
HELM_VERSION=v3.22.0
bin="${RAYWORKS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rayworks}/bin"
helm="$bin/helm"
stamp="$bin/helm.version"
current() { [ -x "$helm" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$HELM_VERSION" ]; }
if current; then printf '%s\n' "$helm"; exit 0; fi
mkdir -p "$bin"
# one build at a time on this machine (several checkouts share the cache)
exec 8>"$bin/.helm.lock"
flock -w "${HELM_BUILD_WAIT_SECONDS:-900}" 8 || { echo "[helm] another process holds $bin/.helm.lock" >&2; exit 1; }
if current; then printf '%s\n' "$helm"; exit 0; fi
go=$(command -v go || true)
[ -n "$go" ] || { [ -x /usr/local/go/bin/go ] && go=/usr/local/go/bin/go; }
[ -n "$go" ] || { echo "[helm] Go (>= 1.24) is needed to build Helm" >&2; exit 1; }
echo "[helm] building Helm $HELM_VERSION with $("$go" version | cut -d' ' -f3) (a few minutes, once per version)" >&2
tmp=$(mktemp -d "$bin/.build.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
GOBIN="$tmp" GOFLAGS="${GOFLAGS:--buildvcs=false}" CGO_ENABLED=0 "$go" install "$HELM_MODULE@$HELM_VERSION" >&2
mv -f "$tmp/helm" "$helm"
printf '%s\n' "$HELM_VERSION" >"$stamp"
echo "[helm] built $helm" >&2
printf '%s\n' "$helm"
