#!/usr/bin/env bash
# Make sure an nginx binary is installed, for the test that serves the API through the shipped
# load balancer configuration (tests/ops/test_nginx.py, deploy/nginx.conf). The test starts its
# own nginx on a free port; nothing is started here.
#
# Idempotent. Needs root (or sudo) only when it has to install (Debian's nginx-light).
set -euo pipefail

log() { echo "ensure_nginx: $*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        log "need root to run: $*"; exit 1; fi
}

if command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; then exit 0; fi
log "installing nginx-light"
as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
# the package's own server is not wanted: the test runs nginx itself
as_root sh -c 'command -v systemctl >/dev/null && systemctl stop nginx 2>/dev/null; pkill -x nginx 2>/dev/null; true'
