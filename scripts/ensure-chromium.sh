#!/usr/bin/env bash
# Installs Debian's Chromium for the end-to-end tests when /usr/bin/chromium is absent.
# Playwright drives this browser; nothing downloads a browser of its own.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null || echo present)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
echo "chromium: $(/usr/bin/chromium --version)"
