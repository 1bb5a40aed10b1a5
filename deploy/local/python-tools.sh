#!/usr/bin/env bash
# Python packages from PyPI that tests run (deploy/local/python-requirements.txt, every version pinned), in a virtual
# environment of their own at PYTHON_TOOLS_VENV (.local/python-tools), on Debian's python3.
# Not a server: `up` makes the environment or brings it to the requirements, `down` does nothing. Idempotent: the
# environment remembers the hash of the requirements it was made from, and a second `up` with the same file only
# checks it (no network).
#   bash deploy/local/python-tools.sh up|down|status
# shellcheck disable=SC2034  # read by lib.sh
COMPONENT=python
# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PYTHON_TOOLS_REQUIREMENTS="$DEPLOY_LOCAL_DIR/python-requirements.txt"
# Debian's interpreter, not whatever python3 comes first on PATH: the same one on every machine of the project
PYTHON_TOOLS_BASE=/usr/bin/python3
PYTHON_TOOLS_STAMP="$PYTHON_TOOLS_VENV/.requirements.sha256"

requirements_hash() { sha256sum "$PYTHON_TOOLS_REQUIREMENTS" | cut -d' ' -f1; }
venv_python() { printf '%s/bin/python' "$PYTHON_TOOLS_VENV"; }
python_tools_current() {
  [ -x "$(venv_python)" ] && [ -f "$PYTHON_TOOLS_STAMP" ] && [ "$(cat "$PYTHON_TOOLS_STAMP")" = "$(requirements_hash)" ]
}
python_tools_versions() {
  "$(venv_python)" -m pip list --format=freeze 2>/dev/null | grep -iE '^(hl7|hl7apy|fhir\.resources|astm-2025)==' | tr '\n' ' ' | sed 's/ $//'
}

python_up() {
  [ -x "$PYTHON_TOOLS_BASE" ] || apt_ensure python3
  "$PYTHON_TOOLS_BASE" -c 'import ensurepip, venv' 2>/dev/null || apt_ensure python3-venv
  if python_tools_current; then
    ok "$(python_tools_versions) in $(rel "$PYTHON_TOOLS_VENV") (up to date)"
    return 0
  fi
  info "installing $(rel "$PYTHON_TOOLS_REQUIREMENTS") into $(rel "$PYTHON_TOOLS_VENV")"
  rm -rf "$PYTHON_TOOLS_VENV"
  "$PYTHON_TOOLS_BASE" -m venv "$PYTHON_TOOLS_VENV" >>"$(log_file)" 2>&1 || { show_log_tail; die "could not make the virtual environment"; }
  "$(venv_python)" -m pip install --disable-pip-version-check --no-input --quiet --no-deps \
    -r "$PYTHON_TOOLS_REQUIREMENTS" >>"$(log_file)" 2>&1 || { show_log_tail; die "pip install failed"; }
  "$(venv_python)" -m pip check >>"$(log_file)" 2>&1 || { show_log_tail; die "the pinned packages miss a dependency: pin it in $(rel "$PYTHON_TOOLS_REQUIREMENTS")"; }
  requirements_hash >"$PYTHON_TOOLS_STAMP"
  ok "$(python_tools_versions) in $(rel "$PYTHON_TOOLS_VENV")"
}

python_down() { :; }

python_status() {
  if python_tools_current; then
    status_row "$(rel "$PYTHON_TOOLS_VENV")" installed "" "$(python_tools_versions)"
  elif [ -x "$(venv_python)" ]; then
    status_row "$(rel "$PYTHON_TOOLS_VENV")" stale "" "requirements changed: run: npm run infra:up python-tools"
  else
    status_row "$(rel "$PYTHON_TOOLS_VENV")" missing "" "run: npm run infra:up python-tools"
  fi
}

run_subcommand "$@"
