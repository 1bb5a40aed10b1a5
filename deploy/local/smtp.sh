#!/usr/bin/env bash
# SMTP at SMTP_URL: an existing server is used as it is; otherwise our SMTP catcher
# (deploy/local/smtp-catcher.mjs) with its HTTP API at SMTP_CATCHER_URL.
#   bash deploy/local/smtp.sh up|down|status
# shellcheck disable=SC2034  # read by lib.sh
COMPONENT=smtp
# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

SMTP_HOST="$(url_part "$SMTP_URL" host)"
SMTP_PORT="$(url_part "$SMTP_URL" port 25)"
SMTP_STORE="$LOCAL_DIR/smtp/messages.jsonl"

smtp_pid() { pid_alive smtp smtp-catcher.mjs; }
smtp_api() { curl -fsS -o /dev/null --max-time 2 "$SMTP_CATCHER_URL/health"; }
smtp_ready() { smtp_api && port_open "$SMTP_HOST" "$SMTP_PORT"; }
smtp_count() { curl -fsS --max-time 2 "$SMTP_CATCHER_URL/health" 2>/dev/null | sed -n 's/.*"messages":\([0-9]*\).*/\1/p'; }

smtp_up() {
  command -v curl >/dev/null || apt_ensure curl ca-certificates
  local pid
  if pid="$(smtp_pid)"; then
    wait_for "SMTP catcher" "$INFRA_WAIT_SECONDS" smtp_ready || die "SMTP catcher (pid $pid) does not answer"
    ok "already running (pid $pid) at $SMTP_HOST:$SMTP_PORT, API $SMTP_CATCHER_URL"
    return 0
  fi
  if port_open "$SMTP_HOST" "$SMTP_PORT"; then
    if smtp_api; then
      ok "using existing SMTP server at $SMTP_HOST:$SMTP_PORT (catcher API $SMTP_CATCHER_URL)"
    else
      warn "using existing SMTP server at $SMTP_HOST:$SMTP_PORT, but nothing answers at $SMTP_CATCHER_URL/health: tests that read mail back will fail"
    fi
    return 0
  fi
  command -v node >/dev/null || die "node is needed for the SMTP catcher (source scripts/env.sh)"
  mkdir -p "$(dirname "$SMTP_STORE")"
  info "starting the SMTP catcher on $SMTP_HOST:$SMTP_PORT, API $SMTP_CATCHER_URL"
  start_bg env SMTP_CATCHER_STORE="$SMTP_STORE" "$(command -v node)" "$DEPLOY_LOCAL_DIR/smtp-catcher.mjs"
  wait_for "SMTP catcher" "$INFRA_WAIT_SECONDS" smtp_ready || die "SMTP catcher did not start"
  ok "started (pid $(read_pid)) at $SMTP_HOST:$SMTP_PORT, API $SMTP_CATCHER_URL"
}

smtp_down() {
  local pid
  if ! pid="$(smtp_pid)"; then
    rm -f "$(pid_file)"
    if port_open "$SMTP_HOST" "$SMTP_PORT"; then info "not ours (external server at $SMTP_HOST:$SMTP_PORT): left running"; else info "not running"; fi
    return 0
  fi
  info "stopping (pid $pid)"
  stop_pid smtp smtp-catcher.mjs TERM 10 || true
  ok "stopped"
}

smtp_status() {
  local pid="" state detail
  if pid="$(smtp_pid)"; then
    if smtp_ready; then state=up; else state=unhealthy; fi
  elif port_open "$SMTP_HOST" "$SMTP_PORT"; then
    state=external; pid=""
  else
    state=down; pid=""
  fi
  detail="API $SMTP_CATCHER_URL"
  if [ "$state" = up ] || [ "$state" = external ]; then
    local n; n="$(smtp_count)"; [ -n "$n" ] && detail="$detail, $n messages"
  fi
  status_row "$SMTP_HOST:$SMTP_PORT" "$state" "$pid" "$detail"
}

run_subcommand "$@"
