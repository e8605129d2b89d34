#!/usr/bin/env bash
# Installs Debian's PostgreSQL for the click-ledger tests when no initdb is present. The
# tests start a throwaway cluster of their own (tests/postgres.ts); nothing runs as a service.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; then
  echo "postgresql: $(ls -d /usr/lib/postgresql/*/ 2>/dev/null | head -1)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq postgresql >/dev/null
echo "postgresql: $(ls -d /usr/lib/postgresql/*/ | head -1)"
