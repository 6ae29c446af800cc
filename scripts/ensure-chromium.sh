#!/usr/bin/env bash
# Makes Debian's Chromium available for browser tests; prints its path, or a reason and exits 1.
set -u
path=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$path" ]; then echo "$path"; exit 0; fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "Chromium is missing at $path and cannot be installed here (needs root and apt-get)." >&2; exit 1
fi
# flock: test files may install PostgreSQL at the same time, and dpkg takes one installer at a time.
flock /tmp/petstore-apt.lock sh -c "apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium" >/tmp/ensure-chromium.log 2>&1 \
  || { echo "apt-get install chromium failed; see /tmp/ensure-chromium.log" >&2; exit 1; }
if [ ! -x "$path" ]; then echo "Chromium was installed, but not at $path (CHROMIUM_PATH); point CHROMIUM_PATH at it." >&2; exit 1; fi
echo "$path"
