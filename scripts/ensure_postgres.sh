#!/usr/bin/env bash
# Make sure a PostgreSQL server answers on 127.0.0.1:$PG_PORT (default 5432)
# with trust auth for 127.0.0.1 and a database `test`, for the test suite.
#
#   - already up: quiet, only creates database `test` if it is missing;
#   - installed but stopped: configures trust auth and starts the cluster;
#   - absent: installs PostgreSQL from the Debian packages first.
#
# Idempotent. Needs root (or sudo) only when it has to install or start.
# Env: PG_PORT (5432), PG_CLUSTER (main), PG_DB (test), PG_WAIT (30 s).
set -euo pipefail

PG_HOST=127.0.0.1
PG_PORT=${PG_PORT:-5432}
PG_CLUSTER=${PG_CLUSTER:-main}
PG_DB=${PG_DB:-test}
PG_WAIT=${PG_WAIT:-30}

log() { echo "ensure_postgres: $*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        log "need root to run: $*"; exit 1; fi
}

answers() {
    if command -v pg_isready >/dev/null; then
        pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2
    else
        (exec 3<>"/dev/tcp/$PG_HOST/$PG_PORT") 2>/dev/null
    fi
}

psql_q() {  # psql over TCP as superuser postgres, quiet, tuples only
    psql -X -q -v ON_ERROR_STOP=1 -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -Atc "$1"
}

ensure_database() {
    command -v psql >/dev/null || return 0
    if ! psql_q "SELECT 1" >/dev/null 2>&1; then
        log "server on $PG_HOST:$PG_PORT refuses user postgres without a password; leaving it as it is"
        return 0
    fi
    if [ "$(psql_q "SELECT 1 FROM pg_database WHERE datname = '$PG_DB'")" != 1 ]; then
        psql_q "CREATE DATABASE \"$PG_DB\"" && log "created database $PG_DB"
    fi
    # Let the OS user `root` connect as itself too (the default user of psql/libpq as root).
    if [ "$(psql_q "SELECT 1 FROM pg_roles WHERE rolname = 'root'")" != 1 ]; then
        psql_q "CREATE ROLE root SUPERUSER LOGIN" && log "created role root"
    fi
}

if answers; then
    ensure_database
    exit 0
fi

# --- not answering: install if needed, then configure and start --------------
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    log "PostgreSQL is not installed; installing it from the Debian packages"
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -qq
    as_root apt-get install -y -qq postgresql >/dev/null
fi

VERSION=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! [ -d "/etc/postgresql/$VERSION/$PG_CLUSTER" ]; then
    log "creating cluster $VERSION/$PG_CLUSTER on port $PG_PORT"
    as_root pg_createcluster -p "$PG_PORT" "$VERSION" "$PG_CLUSTER" >/dev/null
fi
CONF_DIR=/etc/postgresql/$VERSION/$PG_CLUSTER
HBA=$CONF_DIR/pg_hba.conf

# Trust auth from 127.0.0.1: first matching line wins, so put ours first.
TRUST_LINE="host    all    all    127.0.0.1/32    trust    # added by ensure_postgres.sh"
if ! as_root grep -qE '^host[[:space:]]+all[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$HBA"; then
    as_root sed -i "1i $TRUST_LINE" "$HBA"
    log "trust auth for 127.0.0.1 in $HBA"
fi
# The cluster must listen on the port we check; never move an existing one.
CLUSTER_PORT=$(as_root sed -nE 's/^port[[:space:]]*=[[:space:]]*([0-9]+).*/\1/p' "$CONF_DIR/postgresql.conf" | tail -n 1)
if [ "${CLUSTER_PORT:-5432}" != "$PG_PORT" ]; then
    log "cluster $VERSION/$PG_CLUSTER is configured for port ${CLUSTER_PORT:-5432}, not $PG_PORT; set PG_CLUSTER/PG_PORT"
    exit 1
fi

log "starting cluster $VERSION/$PG_CLUSTER"
if as_root pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$PG_CLUSTER" status >/dev/null 2>&1; then
    as_root pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$PG_CLUSTER" reload
else
    as_root pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$PG_CLUSTER" start
fi

for _ in $(seq "$PG_WAIT"); do
    answers && break
    sleep 1
done
if ! answers; then
    log "PostgreSQL did not come up on $PG_HOST:$PG_PORT within ${PG_WAIT}s"
    exit 1
fi
ensure_database
log "PostgreSQL $VERSION ready on $PG_HOST:$PG_PORT (database $PG_DB)"
