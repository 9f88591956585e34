#!/usr/bin/env bash
# Installs what the tests need, makes sure the local PostgreSQL answers, then typechecks, lints
# and runs every test (pnpm test). Extra arguments go to vitest.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/provision.sh
echo "node $(node --version), pnpm $(pnpm --version)"

if ! pg_isready -q -h 127.0.0.1 -p 5432 && command -v pg_ctlcluster >/dev/null; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi

# The web UI's browser tests drive Debian's Chromium; they skip, saying why, only where it cannot be installed.
if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null; then
  echo "installing chromium for the browser tests"
  SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium >/dev/null || echo "could not install chromium: the browser tests will skip"
fi

pnpm install --frozen-lockfile --reporter=silent
pnpm typecheck
pnpm lint
pnpm test "$@"
