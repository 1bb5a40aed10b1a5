#!/usr/bin/env bash
# Apache Kafka 3.9.1 at KAFKA_BROKERS: an existing cluster is used as it is;
# otherwise one KRaft node (broker + controller) on the JVM, its jars taken from
# Maven Central through deploy/kafka/pom.xml (docs/decisions/0002-*).
#   bash deploy/local/kafka.sh up|down|status
#   bash deploy/local/kafka.sh topics --list          (org.apache.kafka.tools.TopicCommand)
#   bash deploy/local/kafka.sh tool <main class> [args...]
# shellcheck disable=SC2034  # read by lib.sh
COMPONENT=kafka
# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

KAFKA_VERSION=3.9.1
KAFKA_CONF_DIR="$RAYWORKS_ROOT/deploy/kafka"
KAFKA_POM="$KAFKA_CONF_DIR/pom.xml"
KAFKA_PROPS="$KAFKA_CONF_DIR/server.properties"
# outside the repository: a fresh clone on the same machine reuses the jars
KAFKA_CACHE_DIR="$RAYWORKS_CACHE/kafka-$KAFKA_VERSION"
KAFKA_LIBS="$KAFKA_CACHE_DIR/libs"
KAFKA_HOME_DIR="$LOCAL_DIR/kafka"
KAFKA_DATA="$KAFKA_HOME_DIR/data"
: "${KAFKA_WAIT_SECONDS:=120}"

KAFKA_BROKER="$(first_broker "$KAFKA_BROKERS")"
KAFKA_HOST="${KAFKA_BROKER%:*}"
KAFKA_PORT="${KAFKA_BROKER##*:}"
[[ "$KAFKA_PORT" =~ ^[0-9]+$ ]] || die "KAFKA_BROKERS must be host:port, got $KAFKA_BROKERS"
: "${KAFKA_CONTROLLER_PORT:=$((KAFKA_PORT + 1))}"

# Settings that depend on the environment, passed to the broker as --override
# and written into the file StorageTool formats from.
KAFKA_OVERRIDES=(
  "log.dirs=$KAFKA_DATA"
  "listeners=PLAINTEXT://$KAFKA_HOST:$KAFKA_PORT,CONTROLLER://$KAFKA_HOST:$KAFKA_CONTROLLER_PORT"
  "advertised.listeners=PLAINTEXT://$KAFKA_HOST:$KAFKA_PORT"
  "controller.quorum.voters=1@$KAFKA_HOST:$KAFKA_CONTROLLER_PORT"
)

kafka_pid() { pid_alive kafka kafka.Kafka; }
kafka_answers() {
  if command -v node >/dev/null; then
    KAFKA_BROKERS="$KAFKA_BROKERS" node --no-warnings "$DEPLOY_LOCAL_DIR/kafka-ready.mjs"
  else
    kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$KAFKA_BROKER" --list >/dev/null
  fi
}

kafka_java() {
  if ! command -v java >/dev/null; then apt_ensure openjdk-17-jre-headless; fi
  local major
  major="$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1)"
  [ "${major:-0}" -ge 11 ] || die "Kafka $KAFKA_VERSION needs Java 11 or newer (17 recommended), found: $(java -version 2>&1 | head -n1)"
}

# The classpath: resolved once per pom.xml content into the cache.
kafka_libs() {
  local want have=""
  want="$(sha256sum "$KAFKA_POM" | cut -d' ' -f1)"
  [ -f "$KAFKA_LIBS/.pom.sha256" ] && have="$(cat "$KAFKA_LIBS/.pom.sha256")"
  [ "$want" = "$have" ] && return 0
  mkdir -p "$KAFKA_CACHE_DIR"
  exec 8>"$KAFKA_CACHE_DIR/.lock"
  flock -w 600 8 || die "another process holds $KAFKA_CACHE_DIR/.lock"
  [ -f "$KAFKA_LIBS/.pom.sha256" ] && [ "$(cat "$KAFKA_LIBS/.pom.sha256")" = "$want" ] && { exec 8>&-; return 0; }
  command -v mvn >/dev/null || apt_ensure maven
  info "resolving Kafka $KAFKA_VERSION jars from Maven Central into $KAFKA_LIBS"
  local tmp; tmp="$(mktemp -d "$KAFKA_CACHE_DIR/libs.tmp.XXXXXX")"
  if ! mvn -B -q -f "$KAFKA_POM" dependency:copy-dependencies -DincludeScope=runtime \
      -DoutputDirectory="$tmp" >>"$(log_file)" 2>&1; then
    rm -rf "$tmp"; show_log_tail kafka 30 >&2; die "mvn dependency:copy-dependencies failed"
  fi
  [ -f "$tmp/kafka_2.13-$KAFKA_VERSION.jar" ] || { rm -rf "$tmp"; die "kafka_2.13-$KAFKA_VERSION.jar missing after resolution"; }
  printf '%s\n' "$want" >"$tmp/.pom.sha256"
  rm -rf "$KAFKA_LIBS"
  mv "$tmp" "$KAFKA_LIBS"
  exec 8>&-
  info "$(find "$KAFKA_LIBS" -name '*.jar' | wc -l) jars in $KAFKA_LIBS"
}

# kafka_tool <main class> [args...]: run a Kafka command line tool.
kafka_tool() {
  java -Xmx256m -Dlog4j.configuration="file:$KAFKA_CONF_DIR/tools-log4j.properties" \
    -cp "$KAFKA_LIBS/*" "$@"
}

kafka_format() {
  [ -s "$KAFKA_DATA/meta.properties" ] && return 0
  mkdir -p "$KAFKA_DATA"
  local id_file="$KAFKA_HOME_DIR/cluster-id" id
  if [ ! -s "$id_file" ]; then
    id="$(kafka_tool kafka.tools.StorageTool random-uuid | tail -n1)"
    [ -n "$id" ] || die "StorageTool random-uuid gave no id"
    printf '%s\n' "$id" >"$id_file"
  fi
  id="$(cat "$id_file")"
  # StorageTool has no --override: it reads the same settings from a file
  local conf="$KAFKA_HOME_DIR/format.properties"
  { cat "$KAFKA_PROPS"; printf '\n# deploy/local/kafka.sh overrides\n'; printf '%s\n' "${KAFKA_OVERRIDES[@]}"; } >"$conf"
  info "formatting $(rel "$KAFKA_DATA") (cluster id $id)"
  kafka_tool kafka.tools.StorageTool format -t "$id" -c "$conf" --ignore-formatted >>"$(log_file)" 2>&1 ||
    { show_log_tail kafka 30 >&2; die "StorageTool format failed"; }
}

kafka_up() {
  local pid
  if pid="$(kafka_pid)"; then
    ensure_pid_args "$pid" "PLAINTEXT://$KAFKA_HOST:$KAFKA_PORT,"
    wait_for "Kafka" "$KAFKA_WAIT_SECONDS" kafka_answers || die "Kafka (pid $pid) does not answer metadata requests"
    ok "already running (pid $pid) at $KAFKA_BROKER"
    return 0
  fi
  if port_open "$KAFKA_HOST" "$KAFKA_PORT"; then
    if kafka_answers; then
      ok "using existing Kafka at $KAFKA_BROKER"
      return 0
    fi
    die "something listens on $KAFKA_BROKER but does not answer as a Kafka broker"
  fi
  kafka_java
  kafka_libs
  kafka_format
  local args=() o
  for o in "${KAFKA_OVERRIDES[@]}"; do args+=(--override "$o"); done
  info "starting Kafka $KAFKA_VERSION (KRaft) on $KAFKA_BROKER, controller :$KAFKA_CONTROLLER_PORT (data $(rel "$KAFKA_DATA"))"
  start_bg java -Xms256m -Xmx768m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:+ExitOnOutOfMemoryError \
    -Djava.awt.headless=true -Dlog4j.configuration="file:$KAFKA_CONF_DIR/log4j.properties" \
    -cp "$KAFKA_LIBS/*" kafka.Kafka "$KAFKA_PROPS" "${args[@]}"
  wait_for "Kafka" "$KAFKA_WAIT_SECONDS" kafka_answers || die "Kafka did not start"
  ok "started (pid $(read_pid)) at $KAFKA_BROKER"
}

kafka_down() {
  local pid
  if ! pid="$(kafka_pid)"; then
    rm -f "$(pid_file)"
    if port_open "$KAFKA_HOST" "$KAFKA_PORT"; then info "not ours (external broker at $KAFKA_BROKER): left running"; else info "not running"; fi
    return 0
  fi
  info "stopping (pid $pid; controlled shutdown)"
  stop_pid kafka kafka.Kafka TERM 60 || true
  ok "stopped"
}

kafka_status() {
  local pid="" state
  if pid="$(kafka_pid)"; then
    if kafka_answers; then state=up; else state=unhealthy; fi
  elif port_open "$KAFKA_HOST" "$KAFKA_PORT"; then
    state=external; pid=""
  else
    state=down; pid=""
  fi
  status_row "$KAFKA_BROKER" "$state" "$pid" "$KAFKA_VERSION KRaft, controller :$KAFKA_CONTROLLER_PORT, data $(rel "$KAFKA_DATA")"
}

kafka_cmd_topics() { kafka_libs; kafka_tool org.apache.kafka.tools.TopicCommand --bootstrap-server "$KAFKA_BROKER" "$@"; }
kafka_cmd_tool() { kafka_libs; kafka_tool "$@"; }

run_subcommand "$@"
