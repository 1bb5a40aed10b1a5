#!/usr/bin/env bash
# Chromium (PDF rendering, browser tests) plus pdftoppm and a base font.
# Not a server: `up` installs what is missing, `down` does nothing.
#   bash deploy/local/chromium.sh up|down|status
# shellcheck disable=SC2034  # read by lib.sh
COMPONENT=chromium
# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

chromium_version() { "$CHROMIUM_PATH" --version 2>/dev/null | head -n1 | sed 's/^ *//;s/ *$//'; }

chromium_up() {
  local want=()
  if [ ! -x "$CHROMIUM_PATH" ]; then
    [ "$CHROMIUM_PATH" = /usr/bin/chromium ] || die "CHROMIUM_PATH=$CHROMIUM_PATH does not exist (unset it to use Debian's chromium)"
    want+=(chromium)
  fi
  command -v pdftoppm >/dev/null || want+=(poppler-utils)
  pkg_installed fonts-dejavu-core || want+=(fonts-dejavu-core)
  [ "${#want[@]}" -eq 0 ] || apt_ensure "${want[@]}"
  [ -x "$CHROMIUM_PATH" ] || die "$CHROMIUM_PATH is still missing"
  ok "$(chromium_version || echo chromium) at $CHROMIUM_PATH"
}

chromium_down() { :; }

chromium_status() {
  local detail
  if [ -x "$CHROMIUM_PATH" ]; then
    detail="$(chromium_version)"
    command -v pdftoppm >/dev/null && detail="$detail; pdftoppm $(pdftoppm -v 2>&1 | sed -n 's/^pdftoppm version //p')" || detail="$detail; pdftoppm MISSING"
    status_row "$CHROMIUM_PATH" installed "" "$detail"
  else
    status_row "$CHROMIUM_PATH" missing "" "run: npm run infra:up chromium"
  fi
}

run_subcommand "$@"
