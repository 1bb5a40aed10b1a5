#!/usr/bin/env bash
# DICOM tools from Debian for the imaging service and its tests and the import benchmark: pydicom (with its real test
# files), dcmtk (dcmdump, storescu, findscu, dcmodify; dcmconv, dcmdjpeg, dcmdjpls, dcmdrle transcode DICOMweb answers)
# GDCM's gdcmconv (JPEG 2000 decoding for DICOMweb), dicom3tools (dciodvfy, which tests run on transcoded objects) and
# Orthanc with its DICOMweb plugin; and, from PyPI, the Python dicomweb-client (pinned, in a venv under .local) that a
# test drives against the stack as an outside DICOMweb client.
# Not a server: `up` installs what is missing, `down` does nothing. Tests and the benchmark start their own Orthanc
# (libs/testing orthanc.ts) on free loopback ports, so Debian's system service of the orthanc package is kept
# stopped and disabled (it would listen on 4242/8042 with /etc/orthanc's settings).
#   bash deploy/local/dicom-tools.sh up|down|status
# shellcheck disable=SC2034  # read by lib.sh
COMPONENT=dicom
# shellcheck source=deploy/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

DICOM_PACKAGES=(python3-pydicom python3-venv dcmtk libgdcm-tools dicom3tools orthanc orthanc-dicomweb)
# The Python dicomweb-client (PyPI) and its dependencies, every version pinned, in a venv that takes pydicom from
# Debian's python3-pydicom (system site packages).
DICOMWEB_CLIENT_VERSION=0.60.0
DICOMWEB_CLIENT_PACKAGES=("dicomweb-client==$DICOMWEB_CLIENT_VERSION" numpy==2.4.6 pillow==13.0.0 requests==2.34.2
  urllib3==2.8.0 idna==3.20 charset-normalizer==3.5.3 certifi==2026.10.19.post1 retrying==1.4.2)
DICOMWEB_CLIENT_VENV="${RAYWORKS_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}/.local/python-dicomweb"
ORTHANC_BIN=/usr/sbin/Orthanc
PYDICOM_TEST_FILES=/usr/lib/python3/dist-packages/pydicom/data/test_files

dicom_versions() {
  local pydicom dcmtk orthanc dicomweb
  pydicom="$(dpkg-query -W -f='${Version}' python3-pydicom 2>/dev/null || echo '?')"
  dcmtk="$(dpkg-query -W -f='${Version}' dcmtk 2>/dev/null || echo '?')"
  orthanc="$(dpkg-query -W -f='${Version}' orthanc 2>/dev/null || echo '?')"
  dicomweb="$(dpkg-query -W -f='${Version}' orthanc-dicomweb 2>/dev/null || echo '?')"
  printf 'pydicom %s; dcmtk %s; orthanc %s; dicomweb %s' "$pydicom" "$dcmtk" "$orthanc" "$dicomweb"
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

# Debian's orthanc package installs a system service (systemd unit or /etc/init.d script with rc links). apt_ensure
# keeps it from starting during the install (policy-rc.d), but it stays enabled and would start at the next boot:
# stop it if it runs and disable it. Idempotent; a no-op when it is already stopped and disabled.
# Never `/etc/init.d/orthanc status|stop`: without its pid file they match every process running /usr/sbin/Orthanc
# (start-stop-daemon --exec), so they would report, and SIGKILL, the Orthancs that tests and benchmarks of every
# checkout on this machine started. The service's own process is the one reading /etc/orthanc.
debian_orthanc_pids() {
  local pid
  for pid in $(pgrep -x Orthanc 2>/dev/null || true); do
    if tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qE '(^| )/etc/orthanc/? *$'; then printf '%s\n' "$pid"; fi
  done
  return 0
}

orthanc_system_service_off() {
  pkg_installed orthanc || return 0
  if [ -d /run/systemd/system ] && command -v systemctl >/dev/null; then
    # systemd stops only the unit's own processes
    if systemctl is-active --quiet orthanc 2>/dev/null || systemctl is-enabled --quiet orthanc 2>/dev/null; then
      info "stopping and disabling Debian's orthanc system service (tests run their own Orthanc)"
      as_root systemctl disable --now orthanc >/dev/null 2>&1 || warn "could not disable the orthanc service"
    fi
    return 0
  fi
  local pids
  pids="$(debian_orthanc_pids)"
  if [ -n "$pids" ]; then
    info "stopping Debian's orthanc system service (pid $(echo $pids); tests run their own Orthanc)"
    # shellcheck disable=SC2086  # one pid per word
    as_root kill -TERM $pids 2>/dev/null || warn "could not stop the orthanc service"
    as_root rm -f /run/orthanc.pid 2>/dev/null || true
  fi
  # S* links in the runlevel directories start it at boot; `update-rc.d disable` turns them into K* links
  if compgen -G '/etc/rc[2-5].d/S*orthanc' >/dev/null && command -v update-rc.d >/dev/null; then
    info "disabling Debian's orthanc system service at boot"
    as_root update-rc.d orthanc disable >/dev/null 2>&1 || warn "could not disable the orthanc service at boot"
  fi
}

dicomweb_client_installed() {
  [ -x "$DICOMWEB_CLIENT_VENV/bin/python" ] &&
    "$DICOMWEB_CLIENT_VENV/bin/python" -c 'import dicomweb_client.api, sys; sys.exit(dicomweb_client.__version__ != sys.argv[1])' \
      "$DICOMWEB_CLIENT_VERSION" 2>/dev/null
}

dicomweb_client_ensure() {
  dicomweb_client_installed && return 0
  info "installing dicomweb-client $DICOMWEB_CLIENT_VERSION (PyPI) in $DICOMWEB_CLIENT_VENV"
  /usr/bin/python3 -m venv --system-site-packages "$DICOMWEB_CLIENT_VENV" || die "could not make the venv $DICOMWEB_CLIENT_VENV"
  "$DICOMWEB_CLIENT_VENV/bin/pip" install --quiet --disable-pip-version-check --no-input --no-deps \
    "${DICOMWEB_CLIENT_PACKAGES[@]}" || die "could not install dicomweb-client $DICOMWEB_CLIENT_VERSION"
  # (not `pip check`: it also judges Debian's unrelated system packages the venv sees)
  "$DICOMWEB_CLIENT_VENV/bin/python" -c 'import dicomweb_client.api' ||
    die "dicomweb-client's pinned dependencies are incomplete"
  dicomweb_client_installed || die "dicomweb-client $DICOMWEB_CLIENT_VERSION is still not importable"
}

dicom_up() {
  apt_ensure "${DICOM_PACKAGES[@]}"
  dicomweb_client_ensure
  orthanc_system_service_off
  [ -x "$ORTHANC_BIN" ] || die "$ORTHANC_BIN is missing although the orthanc package is installed"
  [ -d "$PYDICOM_TEST_FILES" ] || die "pydicom's test files are missing at $PYDICOM_TEST_FILES"
  command -v dcmdump >/dev/null || die "dcmdump (dcmtk) is missing"
  command -v gdcmconv >/dev/null || die "gdcmconv (libgdcm-tools) is missing"
  command -v dciodvfy >/dev/null || die "dciodvfy (dicom3tools) is missing"
  ok "$(dicom_versions); dicomweb-client $DICOMWEB_CLIENT_VERSION"
}

dicom_down() { :; }

dicom_status() {
  local missing=() p
  for p in "${DICOM_PACKAGES[@]}"; do pkg_installed "$p" || missing+=("$p"); done
  dicomweb_client_installed || missing+=("dicomweb-client==$DICOMWEB_CLIENT_VERSION (PyPI)")
  if [ "${#missing[@]}" -eq 0 ]; then
    local service=""
    [ -z "$(debian_orthanc_pids)" ] || service="; Debian's orthanc service RUNNING (npm run infra:up dicom-tools stops it)"
    status_row "$ORTHANC_BIN" installed "" "$(dicom_versions)$service"
  else
    status_row "$ORTHANC_BIN" missing "" "missing ${missing[*]}: run: npm run infra:up dicom-tools"
  fi
}

run_subcommand "$@"
