#!/usr/bin/env bash
# S3 at S3_ENDPOINT: an existing server is used as it is (the bucket is still made
# sure of); otherwise our own MinIO, built from source with the Go toolchain once
# per pinned version (docs/decisions/0003-minio-as-local-s3.md).
#   bash deploy/local/s3.sh up|down|status|build
# shellcheck disable=SC2034  # read by lib.sh
COMPONENT=s3
# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# MinIO publishes no semver tags to the Go module proxy: pin the pseudo-version
# of the newest commit (`go list -m github.com/minio/minio@latest`).
MINIO_MODULE=github.com/minio/minio
MINIO_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c
MINIO_BIN_DIR="$RAYWORKS_CACHE/bin"
MINIO_BIN="$MINIO_BIN_DIR/minio"
MINIO_STAMP="$MINIO_BIN_DIR/minio.version"
S3_DATA="$LOCAL_DIR/s3/data"
: "${S3_BUILD_WAIT_SECONDS:=900}"

S3_HOST="$(url_part "$S3_ENDPOINT" host)"
S3_PORT="$(url_part "$S3_ENDPOINT" port 80)"
: "${S3_CONSOLE_PORT:=$((S3_PORT + 1))}"

s3_pid() { pid_alive s3 minio; }
s3_ready() { curl -fsS -o /dev/null --max-time 2 "$S3_ENDPOINT/minio/health/ready"; }
# any HTTP answer at all (an S3 server that is not MinIO has no health path)
s3_answers() { [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$S3_ENDPOINT/" || true)" != 000 ]; }

s3_go() {
  if command -v go >/dev/null; then command -v go; return; fi
  if [ -x /usr/local/go/bin/go ]; then printf '/usr/local/go/bin/go'; return; fi
  die "MinIO must be built but there is no Go toolchain (go >= 1.24) on PATH or in /usr/local/go"
}

# The binary: reused when the stamp names the pinned version, else built once.
s3_binary() {
  if [ -x "$MINIO_BIN" ] && [ "$(cat "$MINIO_STAMP" 2>/dev/null)" = "$MINIO_VERSION" ]; then return 0; fi
  mkdir -p "$MINIO_BIN_DIR"
  exec 8>"$MINIO_BIN_DIR/.minio.lock"
  flock -w "$S3_BUILD_WAIT_SECONDS" 8 || die "another process holds $MINIO_BIN_DIR/.minio.lock"
  if [ -x "$MINIO_BIN" ] && [ "$(cat "$MINIO_STAMP" 2>/dev/null)" = "$MINIO_VERSION" ]; then exec 8>&-; return 0; fi
  local go tmp
  go="$(s3_go)"
  info "building MinIO $MINIO_VERSION with $("$go" version | cut -d' ' -f3) (a few minutes, once per version)"
  tmp="$(mktemp -d "$MINIO_BIN_DIR/.build.XXXXXX")"
  if ! GOBIN="$tmp" GOFLAGS="${GOFLAGS:--buildvcs=false}" CGO_ENABLED=0 \
      "$go" install "$MINIO_MODULE@$MINIO_VERSION" >>"$(log_file)" 2>&1; then
    rm -rf "$tmp"; show_log_tail s3 30 >&2; die "go install $MINIO_MODULE@$MINIO_VERSION failed"
  fi
  mv -f "$tmp/minio" "$MINIO_BIN"
  rm -rf "$tmp"
  printf '%s\n' "$MINIO_VERSION" >"$MINIO_STAMP"
  exec 8>&-
  ok "built $MINIO_BIN"
}

s3_bucket() {
  command -v node >/dev/null || die "node is needed to create the bucket (source scripts/env.sh)"
  local out
  out="$(node --no-warnings "$DEPLOY_LOCAL_DIR/s3-bucket.mjs" 2>&1)" || { printf '%s\n' "$out" >&2; die "bucket $S3_BUCKET"; }
  info "$out"
}

s3_up() {
  command -v curl >/dev/null || apt_ensure curl ca-certificates
  local pid
  if pid="$(s3_pid)"; then
    ensure_pid_args "$pid" "--address $S3_HOST:$S3_PORT"
    wait_for "MinIO" "$INFRA_WAIT_SECONDS" s3_ready || die "MinIO (pid $pid) is not ready"
    s3_bucket
    ok "already running (pid $pid) at $S3_ENDPOINT"
    return 0
  fi
  if s3_answers; then
    ok "using existing S3 at $S3_ENDPOINT"
    s3_bucket
    return 0
  fi
  s3_binary
  mkdir -p "$S3_DATA"
  info "starting MinIO on $S3_HOST:$S3_PORT (data $(rel "$S3_DATA"))"
  # MINIO_API_CORS_ALLOW_ORIGIN: the browser uploads straight to presigned URLs
  start_bg env MINIO_ROOT_USER="$S3_ACCESS_KEY_ID" MINIO_ROOT_PASSWORD="$S3_SECRET_ACCESS_KEY" \
    MINIO_REGION="$S3_REGION" MINIO_BROWSER=off MINIO_UPDATE=off \
    MINIO_API_CORS_ALLOW_ORIGIN='*' \
    "$MINIO_BIN" server "$S3_DATA" --address "$S3_HOST:$S3_PORT" --console-address "127.0.0.1:$S3_CONSOLE_PORT"
  wait_for "MinIO" "$INFRA_WAIT_SECONDS" s3_ready || die "MinIO did not start"
  s3_bucket
  ok "started (pid $(read_pid)) at $S3_ENDPOINT"
}

s3_down() {
  local pid
  if ! pid="$(s3_pid)"; then
    rm -f "$(pid_file)"
    if s3_answers; then info "not ours (external server at $S3_ENDPOINT): left running"; else info "not running"; fi
    return 0
  fi
  info "stopping (pid $pid)"
  stop_pid s3 minio TERM 30 || true
  ok "stopped"
}

s3_status() {
  local pid="" state
  if pid="$(s3_pid)"; then
    if s3_ready; then state=up; else state=unhealthy; fi
  elif s3_answers; then
    state=external; pid=""
  else
    state=down; pid=""
  fi
  status_row "$S3_HOST:$S3_PORT" "$state" "$pid" "MinIO ${MINIO_VERSION#v0.0.0-}, bucket $S3_BUCKET, data $(rel "$S3_DATA")"
}

# bash deploy/local/s3.sh build: only make sure the MinIO binary is in the cache
s3_cmd_build() { s3_binary; printf '%s\n' "$MINIO_BIN"; }

run_subcommand "$@"
