#!/usr/bin/env bash
# Installs what `npm run bench` drives and compares against, from Debian's packages, when
# absent: wrk (the load generator), nginx with its Brotli static module (the reference for
# serving precompressed bytes). Nothing runs as a service: the bench starts its own nginx.
set -euo pipefail
missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
ls /usr/lib/nginx/modules/ngx_http_brotli_static_module.so >/dev/null 2>&1 || missing+=(libnginx-mod-http-brotli-static)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # The package starts a system nginx on port 80; the bench runs its own.
  $SUDO systemctl stop nginx >/dev/null 2>&1 || $SUDO service nginx stop >/dev/null 2>&1 || pkill -x nginx || true
fi
echo "wrk: $(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2); nginx: $(/usr/sbin/nginx -v 2>&1)"
