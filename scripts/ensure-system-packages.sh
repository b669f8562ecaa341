#!/usr/bin/env bash
# System packages the test suite needs: Chromium (browser tests) and the PostgreSQL server binaries
# (integration tests). Installs them when running as root on Debian; elsewhere names what to install.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing system packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # With recommends: Chromium then brings the fonts and libraries it was verified with here.
  apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Missing system packages: ${missing[*]}" >&2
  echo "Install them (Debian/Ubuntu: sudo apt-get install -y ${missing[*]}) and run the tests again." >&2
  exit 1
fi
