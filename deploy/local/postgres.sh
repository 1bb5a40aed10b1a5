#!/usr/bin/env bash
# PostgreSQL at DATABASE_URL: an existing server is used as it is (login is checked);
# otherwise our own cluster in .local/postgres/data, run as the `postgres` system user.
#   bash deploy/local/postgres.sh up|down|status
# shellcheck disable=SC2034  # read by lib.sh
COMPONENT=postgres
# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PG_HOST="$(url_part "$DATABASE_URL" host)"
PG_PORT="$(url_part "$DATABASE_URL" port 5432)"
PG_USER="$(url_part "$DATABASE_URL" user)"
PG_PASSWORD="$(url_part "$DATABASE_URL" password)"
PG_DB="$(url_part "$DATABASE_URL" path)"; PG_DB="${PG_DB#/}"
PG_OS_USER=postgres
PG_HOME="$LOCAL_DIR/postgres"
PG_SOCKET_DIR="$RUN_DIR/postgres"

# The data directory must be reachable by the postgres user. A clone under a
# private home (/root is 0700) is not: then the cluster lives under the postgres
# user's home and .local/postgres/data is a symlink to it.
pg_data_dir() {
  if [ -L "$PG_HOME/data" ]; then readlink -f "$PG_HOME/data"; return; fi
  if [ -d "$PG_HOME/data" ] || as_pg test -x "$LOCAL_DIR" 2>/dev/null; then
    printf '%s' "$PG_HOME/data"; return
  fi
  local home; home="$(getent passwd "$PG_OS_USER" | cut -d: -f6)"
  printf '%s/rayworks-%s/data' "${home:-/var/lib/postgresql}" "$(printf '%s' "$PG_HOME" | sha1sum | cut -c1-12)"
}

pg_socket_dir() {
  # unix socket paths are limited to 107 bytes; the same reachability rule applies
  if [ "${#PG_SOCKET_DIR}" -lt 90 ] && as_pg test -x "$RUN_DIR" 2>/dev/null; then
    printf '%s' "$PG_SOCKET_DIR"
  else
    printf '/tmp/rayworks-pg-%s' "$(printf '%s' "$RUN_DIR" | sha1sum | cut -c1-12)"
  fi
}

# Debian keeps the server binaries per major version; use the data directory's version.
pg_bin_dir() {
  local data="$1" ver dir
  if [ -s "$data/PG_VERSION" ]; then
    ver="$(cat "$data/PG_VERSION")"
    dir="/usr/lib/postgresql/$ver/bin"
    [ -x "$dir/postgres" ] || die "$data was made by PostgreSQL $ver, whose binaries ($dir) are missing"
    printf '%s' "$dir"; return
  fi
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
  if [ -z "$dir" ] || [ ! -x "$dir/postgres" ]; then die "no PostgreSQL server binaries under /usr/lib/postgresql"; fi
  printf '%s' "$dir"
}

pg_answers() { pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2; }
pg_login() { PGCONNECT_TIMEOUT=5 psql "$DATABASE_URL" -XAtqc 'select 1' >/dev/null 2>&1; }
pg_pid() { pid_alive postgres postgres; }
# postgres refuses to run as root: every server-side command runs as the postgres user
as_pg() {
  if [ "$(id -un)" = "$PG_OS_USER" ]; then "$@"
  elif [ "$(id -u)" -eq 0 ]; then runuser -u "$PG_OS_USER" -- "$@"
  else sudo -n -u "$PG_OS_USER" -- "$@"; fi
}

pg_ensure_packages() {
  if ! command -v pg_isready >/dev/null || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    apt_ensure postgresql
  fi
  getent passwd "$PG_OS_USER" >/dev/null || die "system user $PG_OS_USER is missing (the postgresql package creates it)"
}

pg_write_config() {
  local data="$1" socket_dir="$2" conf="$1/rayworks.conf"
  local content
  content="$(cat <<EOF
# written by deploy/local/postgres.sh on every start; edit that script, not this file
listen_addresses = '$PG_HOST'
port = $PG_PORT
unix_socket_directories = '$socket_dir'
unix_socket_permissions = 0777
max_connections = 300
password_encryption = 'scram-sha-256'
log_line_prefix = '%m [%p] %q%u@%d '
log_timezone = 'UTC'
timezone = 'UTC'
EOF
)"
  if [ ! -f "$conf" ] || [ "$(cat "$conf")" != "$content" ]; then
    printf '%s\n' "$content" | as_pg tee "$conf" >/dev/null
  fi
  grep -q "^include_if_exists = 'rayworks.conf'" "$data/postgresql.conf" ||
    printf "\ninclude_if_exists = 'rayworks.conf'\n" | as_pg tee -a "$data/postgresql.conf" >/dev/null
}

pg_init() {
  local data="$1" bin="$2"
  info "initdb $(rel "$data")"
  mkdir -p "$(dirname "$data")"
  chown "$PG_OS_USER:" "$(dirname "$data")"
  if [ "$data" != "$PG_HOME/data" ]; then
    mkdir -p "$PG_HOME"
    ln -sfn "$data" "$PG_HOME/data"
    info "(.local is not reachable by the $PG_OS_USER user: data lives in $data)"
  fi
  as_pg "$bin/initdb" -D "$data" -U postgres -E UTF8 --locale=C.UTF-8 \
    --auth-local=peer --auth-host=scram-sha-256 >>"$(log_file)" 2>&1 ||
    { show_log_tail postgres 30 >&2; die "initdb failed"; }
}

# Owner role and database, idempotently, through the local socket as the postgres superuser.
pg_provision() {
  local socket_dir="$1"
  as_pg psql -XAtq -v ON_ERROR_STOP=1 -h "$socket_dir" -p "$PG_PORT" -d postgres \
    -v role="$PG_USER" -v pw="$PG_PASSWORD" -v db="$PG_DB" <<'SQL' >/dev/null
SELECT format('CREATE ROLE %I', :'role') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
SELECT format('ALTER ROLE %I WITH LOGIN CREATEROLE NOSUPERUSER NOBYPASSRLS PASSWORD %L', :'role', :'pw') \gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'role') WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SELECT format('ALTER DATABASE %I OWNER TO %I', :'db', :'role') \gexec
SQL
}

postgres_up() {
  if [ -z "$PG_USER" ] || [ -z "$PG_DB" ]; then die "DATABASE_URL needs a user and a database: $DATABASE_URL"; fi
  command -v pg_isready >/dev/null || pg_ensure_packages
  local pid
  if pg_answers && ! pid="$(pg_pid)"; then
    pg_login || die "a server answers at $PG_HOST:$PG_PORT but login as $PG_USER to $PG_DB fails; fix DATABASE_URL or stop that server"
    ok "using existing PostgreSQL at $PG_HOST:$PG_PORT (login as $PG_USER ok)"
    return 0
  fi
  pg_ensure_packages
  local data socket_dir bin
  data="$(pg_data_dir)"; socket_dir="$(pg_socket_dir)"; bin="$(pg_bin_dir "$data")"
  if pid="$(pg_pid)"; then
    # line 4 of postmaster.pid: the port the running server listens on
    local running_port; running_port="$(sed -n 4p "$data/postmaster.pid" 2>/dev/null || true)"
    if [ -n "$running_port" ] && [ "$running_port" != "$PG_PORT" ]; then
      die "our PostgreSQL (pid $pid) listens on port $running_port, not $PG_PORT: run 'npm run infra:down -- postgres' (with the old environment) first"
    fi
    wait_for "PostgreSQL" "$INFRA_WAIT_SECONDS" pg_answers || die "PostgreSQL (pid $pid) does not answer"
    pg_provision "$socket_dir"
    pg_login || die "login as $PG_USER to $PG_DB fails"
    ok "already running (pid $pid) at $PG_HOST:$PG_PORT"
    return 0
  fi
  [ -s "$data/PG_VERSION" ] || pg_init "$data" "$bin"
  mkdir -p "$socket_dir"; chown "$PG_OS_USER:" "$socket_dir"; chmod 0755 "$socket_dir"
  pg_write_config "$data" "$socket_dir"
  info "starting PostgreSQL $(cat "$data/PG_VERSION") on $PG_HOST:$PG_PORT (data $(rel "$data"))"
  rm -f "$(pid_file)" # a pid of an earlier server is not this one's
  printf '\n===== %s starting postgres =====\n' "$(date -u +%FT%TZ)" >>"$(log_file)"
  # no -l: the server inherits this redirection, so the log file needs no postgres permissions
  as_pg "$bin/pg_ctl" -D "$data" -W start </dev/null >>"$(log_file)" 2>&1 8>&- 9>&- ||
    { show_log_tail postgres 30 >&2; die "pg_ctl start failed"; }
  # pg_ctl detaches the postmaster; its pid is the first line of postmaster.pid. After an unclean stop that file
  # first still names the dead server: wait until it names a live one (the new server writes it at once, and recovers
  # the data before it answers).
  local deadline=$((SECONDS + 15)) postmaster=""
  until { postmaster="$(head -n1 "$data/postmaster.pid" 2>/dev/null | tr -dc '0-9')"; [ -n "$postmaster" ] &&
    tr '\0' ' ' 2>/dev/null <"/proc/$postmaster/cmdline" | grep -q postgres; } || [ "$SECONDS" -ge "$deadline" ]; do
    sleep 0.2
  done
  printf '%s\n' "$postmaster" >"$(pid_file)"
  wait_for "PostgreSQL" "$INFRA_WAIT_SECONDS" pg_answers || die "PostgreSQL did not start"
  pg_provision "$socket_dir"
  pg_login || die "login as $PG_USER to $PG_DB fails after provisioning"
  ok "started (pid $(read_pid)) at $PG_HOST:$PG_PORT, role $PG_USER owns database $PG_DB"
}

postgres_down() {
  local pid data
  if ! pid="$(pg_pid)"; then
    rm -f "$(pid_file)"
    if pg_answers; then info "not ours (external server at $PG_HOST:$PG_PORT): left running"; else info "not running"; fi
    return 0
  fi
  data="$(pg_data_dir)"
  info "stopping (pid $pid)"
  if ! as_pg "$(pg_bin_dir "$data")/pg_ctl" -D "$data" -m fast -t 60 -w stop >>"$(log_file)" 2>&1; then
    stop_pid postgres postgres INT 30 || true
  fi
  rm -f "$(pid_file)"
  ok "stopped"
}

postgres_status() {
  local pid="" state detail=""
  command -v pg_isready >/dev/null || { status_row "$PG_HOST:$PG_PORT" down "" "postgresql not installed"; return 0; }
  if pid="$(pg_pid)"; then
    if pg_answers; then state=up; else state=unhealthy; fi
    detail="data $(rel "$(pg_data_dir)")"
  elif pg_answers; then
    state=external; pid=""
    pg_login && detail="login ok" || detail="login as $PG_USER FAILS"
  else
    state=down; pid=""
  fi
  status_row "$PG_HOST:$PG_PORT" "$state" "$pid" "$detail"
}

run_subcommand "$@"
