#!/usr/bin/env bash
# Installs Debian's nginx for the cluster tests and `npm run cluster` when it is absent.
# They start nginx of their own (scripts/topology.ts: its own prefix, config and port, in
# the foreground); nothing here runs as a service, so the package's own service is stopped.
set -euo pipefail
if [ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1; then
  echo "nginx: $( (/usr/sbin/nginx -v || nginx -v) 2>&1)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends nginx >/dev/null
# The package starts a system nginx on port 80; the tests run their own.
$SUDO systemctl stop nginx >/dev/null 2>&1 || $SUDO service nginx stop >/dev/null 2>&1 || true
echo "nginx: $(/usr/sbin/nginx -v 2>&1)"
