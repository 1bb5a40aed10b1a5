#!/usr/bin/env bash
# Redis at REDIS_URL: an existing server is used as it is; otherwise our own
# redis-server (not the distribution's service) with data in .local/redis.
#   bash deploy/local/redis.sh up|down|status
# shellcheck disable=SC2034  # read by lib.sh
COMPONENT=redis
# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

REDIS_HOST="$(url_part "$REDIS_URL" host)"
REDIS_PORT="$(url_part "$REDIS_URL" port 6379)"
REDIS_DATA="$LOCAL_DIR/redis"

redis_answers() { [ "$(timeout 3 redis-cli -u "$REDIS_URL" --no-auth-warning ping 2>/dev/null)" = PONG ]; }
redis_pid() { pid_alive redis redis-server; }
redis_policy() { timeout 3 redis-cli -u "$REDIS_URL" --no-auth-warning config get maxmemory-policy 2>/dev/null | sed -n 2p; }

redis_up() {
  if ! command -v redis-server >/dev/null || ! command -v redis-cli >/dev/null; then apt_ensure redis-server redis-tools; fi
  local pid policy
  if pid="$(redis_pid)"; then
    ensure_pid_args "$pid" "$REDIS_HOST:$REDIS_PORT"
    wait_for "Redis" "$INFRA_WAIT_SECONDS" redis_answers || die "Redis (pid $pid) does not answer"
    ok "already running (pid $pid) at $REDIS_HOST:$REDIS_PORT"
    return 0
  fi
  if redis_answers; then
    policy="$(redis_policy || true)"
    [ -z "$policy" ] || [ "$policy" = noeviction ] ||
      warn "the existing Redis has maxmemory-policy $policy; BullMQ needs noeviction"
    ok "using existing Redis at $REDIS_HOST:$REDIS_PORT"
    return 0
  fi
  mkdir -p "$REDIS_DATA"
  rm -f "$(pid_file)"
  info "starting redis-server $(redis-server --version | sed -n 's/.*v=\([^ ]*\).*/\1/p') on $REDIS_HOST:$REDIS_PORT (data $(rel "$REDIS_DATA"))"
  printf '\n===== %s starting redis =====\n' "$(date -u +%FT%TZ)" >>"$(log_file)"
  # --daemonize: redis detaches itself and writes the pid file
  redis-server --bind "$REDIS_HOST" --port "$REDIS_PORT" --dir "$REDIS_DATA" \
    --appendonly yes --maxmemory-policy noeviction \
    --daemonize yes --pidfile "$(pid_file)" --logfile "$(log_file)" </dev/null >>"$(log_file)" 2>&1 8>&- 9>&- ||
    { show_log_tail redis 30 >&2; die "redis-server failed to start"; }
  local deadline=$((SECONDS + 10))
  until [ -s "$(pid_file)" ] || [ "$SECONDS" -ge "$deadline" ]; do sleep 0.1; done
  wait_for "Redis" "$INFRA_WAIT_SECONDS" redis_answers || die "Redis did not start"
  ok "started (pid $(read_pid)) at $REDIS_HOST:$REDIS_PORT"
}

redis_down() {
  local pid
  if ! pid="$(redis_pid)"; then
    rm -f "$(pid_file)"
    if command -v redis-cli >/dev/null && redis_answers; then info "not ours (external server at $REDIS_HOST:$REDIS_PORT): left running"; else info "not running"; fi
    return 0
  fi
  info "stopping (pid $pid)"
  stop_pid redis redis-server TERM 30 || true
  ok "stopped"
}

redis_status() {
  local pid="" state detail=""
  command -v redis-cli >/dev/null || { status_row "$REDIS_HOST:$REDIS_PORT" down "" "redis not installed"; return 0; }
  if pid="$(redis_pid)"; then
    if redis_answers; then state=up; else state=unhealthy; fi
    detail="data $(rel "$REDIS_DATA")"
  elif redis_answers; then
    state=external; pid=""
  else
    state=down; pid=""
  fi
  if [ "$state" = up ] || [ "$state" = external ]; then detail="${detail:+$detail, }maxmemory-policy $(redis_policy)"; fi
  status_row "$REDIS_HOST:$REDIS_PORT" "$state" "$pid" "$detail"
}

run_subcommand "$@"
