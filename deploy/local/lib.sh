# shellcheck shell=bash
# Shared helpers of the deploy/local scripts. Sourced, never executed.
# Expects COMPONENT to be set by the sourcing script (used in messages and file names).

set -euo pipefail

_lib_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=deploy/local/env.sh
source "$_lib_dir/env.sh"
# shellcheck disable=SC2034  # used by the component scripts
DEPLOY_LOCAL_DIR="$_lib_dir"
unset _lib_dir

: "${COMPONENT:=infra}"
: "${RAYWORKS_CACHE:=${XDG_CACHE_HOME:-$HOME/.cache}/rayworks}"
export RAYWORKS_CACHE
: "${INFRA_WAIT_SECONDS:=60}"

mkdir -p "$LOCAL_DIR" "$LOG_DIR" "$RUN_DIR"

# --- messages ----------------------------------------------------------------
if [ -t 1 ] && [ -z "${CI:-}" ] && [ -z "${NO_COLOR:-}" ]; then
  _c_dim=$'\e[2m' _c_red=$'\e[31m' _c_yel=$'\e[33m' _c_grn=$'\e[32m' _c_off=$'\e[0m'
else
  _c_dim='' _c_red='' _c_yel='' _c_grn='' _c_off=''
fi
info() { printf '%s[%s]%s %s\n' "$_c_dim" "$COMPONENT" "$_c_off" "$*"; }
ok()   { printf '%s[%s]%s %s%s%s\n' "$_c_dim" "$COMPONENT" "$_c_off" "$_c_grn" "$*" "$_c_off"; }
warn() { printf '%s[%s]%s %swarning:%s %s\n' "$_c_dim" "$COMPONENT" "$_c_off" "$_c_yel" "$_c_off" "$*" >&2; }
die()  { printf '%s[%s]%s %serror:%s %s\n' "$_c_dim" "$COMPONENT" "$_c_off" "$_c_red" "$_c_off" "$*" >&2; exit 1; }

# Path relative to the repository root, for shorter messages.
rel() { case "$1" in "$RAYWORKS_ROOT"/*) printf '%s' "${1#"$RAYWORKS_ROOT"/}" ;; *) printf '%s' "$1" ;; esac; }

log_file() { printf '%s/%s.log' "$LOG_DIR" "${1:-$COMPONENT}"; }
pid_file() { printf '%s/%s.pid' "$RUN_DIR" "${1:-$COMPONENT}"; }

# Last lines of a component's log, indented (to stderr by default).
show_log_tail() {
  local file lines="${2:-30}"
  file="$(log_file "${1:-$COMPONENT}")"
  if [ -s "$file" ]; then
    printf '%s--- last %s lines of %s ---%s\n' "$_c_dim" "$lines" "$(rel "$file")" "$_c_off"
    tail -n "$lines" "$file" | sed 's/^/    /'
  fi
}

# --- URLs --------------------------------------------------------------------
# url_part <url> <scheme|user|password|host|port|path> [default port]
url_part() {
  local url="$1" part="$2" default_port="${3:-}"
  local re='^([A-Za-z][A-Za-z0-9+.-]*)://(([^:@/]*)(:([^@/]*))?@)?(\[[^]]*\]|[^:/?#]*)(:([0-9]+))?([^?#]*)'
  [[ "$url" =~ $re ]] || die "cannot parse URL: $url"
  case "$part" in
    scheme) printf '%s' "${BASH_REMATCH[1]}" ;;
    user) urldecode "${BASH_REMATCH[3]}" ;;
    password) urldecode "${BASH_REMATCH[5]}" ;;
    host) printf '%s' "${BASH_REMATCH[6]}" ;;
    port) printf '%s' "${BASH_REMATCH[8]:-$default_port}" ;;
    path) printf '%s' "${BASH_REMATCH[9]}" ;;
    *) die "url_part: unknown part $part" ;;
  esac
}
urldecode() { local s="${1//+/ }"; printf '%b' "${s//%/\\x}"; }

# host:port of "host:port[,host:port...]" (first entry)
first_broker() { printf '%s' "${1%%,*}"; }

# --- probes ------------------------------------------------------------------
# port_open <host> <port>: something accepts TCP connections there.
port_open() { timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$1" "$2" 2>/dev/null; }

# wait_for <description> <seconds> <command...>: run the command every half second
# until it succeeds. On timeout print the log tail and fail.
wait_for() {
  local what="$1" seconds="$2"; shift 2
  local deadline=$((SECONDS + seconds)) pid
  while ! "$@" >/dev/null 2>&1; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      warn "$what did not answer within ${seconds}s"
      show_log_tail "$COMPONENT" 30 >&2
      return 1
    fi
    # our process died: no point in waiting longer
    if pid="$(read_pid)" && ! kill -0 "$pid" 2>/dev/null; then
      warn "$COMPONENT (pid $pid) exited while starting"
      show_log_tail "$COMPONENT" 30 >&2
      rm -f "$(pid_file)"
      return 1
    fi
    sleep 0.5
  done
}

# --- pid files ---------------------------------------------------------------
read_pid() {
  local f; f="$(pid_file "${1:-$COMPONENT}")"
  [ -s "$f" ] || return 1
  local pid; pid="$(head -n1 "$f" | tr -dc '0-9')"
  [ -n "$pid" ] || return 1
  printf '%s' "$pid"
}

# pid_alive [component] [cmdline pattern]: the pid in the pid file is a live
# process whose command line matches (guards against a recycled pid).
pid_alive() {
  local name="${1:-$COMPONENT}" pattern="${2:-}" pid
  pid="$(read_pid "$name")" || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  if [ -n "$pattern" ] && [ -r "/proc/$pid/cmdline" ]; then
    tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- "$pattern" || return 1
  fi
  printf '%s' "$pid"
}

# ensure_pid_args <pid> <text>: our running process was started for this address;
# else (the address was changed while it runs) fail at once instead of waiting.
ensure_pid_args() {
  local pid="$1" text="$2"
  [ -r "/proc/$pid/cmdline" ] || return 0
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$text" && return 0
  die "our $COMPONENT (pid $pid) runs with other settings than $text: run 'npm run infra:down -- $COMPONENT' (with the old environment) first"
}

# start_bg <command...>: start a long-running process detached (own session,
# stdin /dev/null, output appended to the component log) and record its pid.
start_bg() {
  local log; log="$(log_file)"
  printf '\n===== %s starting %s =====\n' "$(date -u +%FT%TZ)" "$COMPONENT" >>"$log"
  # own session: not hit by a Ctrl-C in the shell that ran `up`; fds 8/9 are lock files
  setsid "$@" </dev/null >>"$log" 2>&1 8>&- 9>&- &
  printf '%s\n' "$!" >"$(pid_file)"
}

# stop_pid [component] [pattern] [signal] [seconds]: stop what our pid file names.
stop_pid() {
  local name="${1:-$COMPONENT}" pattern="${2:-}" sig="${3:-TERM}" seconds="${4:-30}" pid
  if ! pid="$(pid_alive "$name" "$pattern")"; then
    rm -f "$(pid_file "$name")"
    return 1
  fi
  kill "-$sig" "$pid" 2>/dev/null || true
  local deadline=$((SECONDS + seconds))
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      warn "$name (pid $pid) still running after ${seconds}s: SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.5
      break
    fi
    sleep 0.3
  done
  rm -f "$(pid_file "$name")"
  return 0
}

# --- packages ----------------------------------------------------------------
pkg_installed() { [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" = installed ]; }

# apt_ensure <package...>: install the Debian packages that are missing, without
# prompts; `apt-get update` only when something has to be installed. Services
# that the packages would start are kept from starting (we run our own).
apt_ensure() {
  local missing=() p
  for p in "$@"; do pkg_installed "$p" || missing+=("$p"); done
  [ "${#missing[@]}" -eq 0 ] && return 0
  command -v apt-get >/dev/null || die "missing packages (${missing[*]}) and no apt-get on this machine"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "missing packages (${missing[*]}): run as root or install sudo"
    sudo=(sudo -n)
  fi
  info "installing Debian packages: ${missing[*]}"
  local policy=/usr/sbin/policy-rc.d made_policy=0
  if [ ! -e "$policy" ]; then
    if "${sudo[@]}" sh -c "printf '#!/bin/sh\nexit 101\n' > $policy && chmod 755 $policy"; then
      made_policy=1
      # removed below; the trap covers an interrupted install (root only)
      if [ "${#sudo[@]}" -eq 0 ]; then trap 'rm -f /usr/sbin/policy-rc.d' EXIT; fi
    fi
  fi
  local apt=(env DEBIAN_FRONTEND=noninteractive apt-get -y -q -o DPkg::Lock::Timeout=300)
  local rc=0
  { "${sudo[@]}" "${apt[@]}" update >/dev/null &&
    "${sudo[@]}" "${apt[@]}" install --no-install-recommends "${missing[@]}" >/dev/null; } || rc=$?
  if [ "$made_policy" -eq 1 ]; then "${sudo[@]}" rm -f "$policy"; fi
  [ "$rc" -eq 0 ] || die "apt-get install ${missing[*]} failed (exit $rc)"
  for p in "${missing[@]}"; do pkg_installed "$p" || die "package $p is still not installed"; done
}

# --- status table --------------------------------------------------------------
STATUS_FORMAT='%-9s %-26s %-9s %-8s %s\n'
status_header() { printf "$STATUS_FORMAT" COMPONENT ADDRESS STATE PID DETAIL; }
# status_row <address> <state> <pid> <detail>; a down component shows its log tail.
status_row() {
  printf "$STATUS_FORMAT" "$COMPONENT" "$1" "$2" "${3:--}" "${4:-}"
  if [ "$2" != up ] && [ "$2" != external ] && [ "$2" != installed ]; then
    show_log_tail "$COMPONENT" "${STATUS_LOG_LINES:-10}"
  fi
}

# --- subcommand dispatch -------------------------------------------------------
# run_subcommand "$@": calls <component>_up / _down / _status.
run_subcommand() {
  local cmd="${1:-}"
  case "$cmd" in
    up|down|status) shift; "${COMPONENT}_${cmd}" "$@" ;;
    *)
      if declare -F "${COMPONENT}_cmd_${cmd}" >/dev/null; then shift; "${COMPONENT}_cmd_${cmd}" "$@"
      else die "usage: $(rel "$0") up|down|status"; fi ;;
  esac
}
