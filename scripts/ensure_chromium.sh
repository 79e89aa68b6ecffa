#!/usr/bin/env bash
# Make sure Debian's chromium is installed for the web table's browser tests (Playwright launches
# it: `playwright install` cannot download browsers here), with a CJK font so the card faces'
# characters render in screenshots. Idempotent and quiet when everything is there.
# Needs root (or sudo) only when it has to install.
set -euo pipefail

log() { echo "ensure_chromium: $*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        log "need root to run: $*"; exit 1; fi
}

packages=()
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || command -v chromium >/dev/null || packages+=(chromium)
if command -v fc-list >/dev/null && [ -z "$(fc-list :lang=zh 2>/dev/null)" ]; then
    packages+=(fonts-wqy-microhei)
elif ! command -v fc-list >/dev/null; then
    packages+=(fonts-wqy-microhei)
fi
[ "${#packages[@]}" -eq 0 ] && exit 0

log "installing ${packages[*]} from the Debian packages"
export DEBIAN_FRONTEND=noninteractive
as_root apt-get update -qq
as_root apt-get install -y -qq "${packages[@]}" >/dev/null
