#!/usr/bin/env bash
# Make sure a Redis server answers on 127.0.0.1:$REDIS_PORT (default 6379), for the tests of
# rate-limit counters shared by several nodes (tests/ops/).
#
#   - already up: quiet;
#   - installed but stopped: starts redis-server in the background (no persistence);
#   - absent: installs it from the Debian packages first.
#
# Idempotent. Needs root (or sudo) only when it has to install.
# Env: REDIS_PORT (6379), REDIS_WAIT (20 s).
set -euo pipefail

REDIS_HOST=127.0.0.1
REDIS_PORT=${REDIS_PORT:-6379}
REDIS_WAIT=${REDIS_WAIT:-20}

log() { echo "ensure_redis: $*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        log "need root to run: $*"; exit 1; fi
}

answers() {
    if command -v redis-cli >/dev/null; then
        [ "$(redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]
    else
        (exec 3<>"/dev/tcp/$REDIS_HOST/$REDIS_PORT") 2>/dev/null
    fi
}

answers && exit 0

if ! command -v redis-server >/dev/null; then
    log "installing redis-server"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi

log "starting redis-server on $REDIS_HOST:$REDIS_PORT"
redis-server --bind "$REDIS_HOST" --port "$REDIS_PORT" --save "" --appendonly no --daemonize yes >/dev/null

for _ in $(seq "$REDIS_WAIT"); do
    answers && exit 0
    sleep 1
done
log "Redis did not answer on $REDIS_HOST:$REDIS_PORT within $REDIS_WAIT s"
exit 1
