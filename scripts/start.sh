#!/usr/bin/env bash
# Installs what Cairn needs (a supported Node.js and pnpm when the system's are older, then the
# dependencies) and starts the server on the embedded database. Extra arguments go to `cairn`.
set -euo pipefail
# Relative paths (./data by default) mean the directory the user started from, as under pnpm.
export INIT_CWD="$PWD"
cd "$(dirname "$0")/.."
source scripts/provision.sh
pnpm install --frozen-lockfile --reporter=silent
# The server becomes this script's process: signals reach it and no wrapper stays around it.
exec node --expose-gc --liftoff-only apps/server/src/cli/main.ts serve "$@"
