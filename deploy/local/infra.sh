#!/usr/bin/env bash
# Local infrastructure: PostgreSQL, Redis, Kafka, S3 (MinIO), SMTP catcher, Chromium, DICOM tools, Python tools.
#   bash deploy/local/infra.sh up|down|status [component...]
#   (npm run infra:up | infra:down | infra:status)
# Addresses come from deploy/local/env.sh (each can be overridden from the environment).
# A server that already answers at its address is used as it is; otherwise our own
# instance is started with data under .local/<component>/, its log in .local/logs/
# and its pid in .local/run/. `down` stops only what `up` started. Idempotent: a
# second `up` checks and returns in seconds. `install` only installs the Debian packages
# every component needs (what CI does first, non-interactively).
set -euo pipefail

ALL_COMPONENTS=(postgres redis kafka s3 smtp chromium dicom-tools python-tools)
# Debian packages the components run on (Java, Maven and Go come with the machine).
DEBIAN_PACKAGES="postgresql redis-server chromium poppler-utils fonts-dejavu-core python3-pydicom dcmtk orthanc orthanc-dicomweb python3-venv"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

usage() { echo "usage: bash deploy/local/infra.sh up|down|status|install [${ALL_COMPONENTS[*]}]" >&2; exit 2; }
[ $# -ge 1 ] || usage
cmd="$1"; shift
case "$cmd" in up|down|status|install) ;; -h|--help|help) usage ;; *) usage ;; esac

components=("$@")
[ ${#components[@]} -gt 0 ] || components=("${ALL_COMPONENTS[@]}")
for c in "${components[@]}"; do
  [[ " ${ALL_COMPONENTS[*]} " == *" $c "* ]] || { echo "unknown component: $c (known: ${ALL_COMPONENTS[*]})" >&2; exit 2; }
done

# Node 24 on PATH (the SMTP catcher and the Kafka/S3 helpers are node scripts)
# shellcheck source=scripts/env.sh
source "$root/scripts/env.sh"
# shellcheck source=deploy/local/env.sh
source "$here/env.sh"
mkdir -p "$LOCAL_DIR" "$LOG_DIR" "$RUN_DIR"

case "$cmd" in
  up|down)
    # one up/down at a time per checkout
    exec 9>"$RUN_DIR/infra.lock"
    if ! flock -n 9; then
      echo "[infra] another infra up/down is running in this checkout: waiting" >&2
      flock -w 1200 9 || { echo "[infra] gave up waiting for $RUN_DIR/infra.lock" >&2; exit 1; }
    fi
    ;;
esac

started=$SECONDS
case "$cmd" in
  up)
    for c in "${components[@]}"; do
      # 9>&-: the servers a component starts must not inherit (and so hold) the lock
      bash "$here/$c.sh" up 9>&- || { echo "[infra] $c failed: see above and .local/logs/$c.log" >&2; exit 1; }
    done
    echo "[infra] up in $((SECONDS - started))s"
    ;;
  down)
    # reverse order
    for ((i = ${#components[@]} - 1; i >= 0; i--)); do
      bash "$here/${components[i]}.sh" down 9>&-
    done
    ;;
  install)
    # shellcheck source=deploy/local/lib.sh
    (COMPONENT=infra; source "$here/lib.sh"; apt_ensure $DEBIAN_PACKAGES)
    echo "[infra] Debian packages present: $DEBIAN_PACKAGES"
    ;;
  status)
    # shellcheck source=deploy/local/lib.sh
    (COMPONENT=infra; source "$here/lib.sh"; status_header)
    for c in "${components[@]}"; do bash "$here/$c.sh" status; done
    ;;
esac
