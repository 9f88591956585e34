#!/usr/bin/env bash
# Installs what Cairn needs (a supported Node.js and pnpm when the system's are older, then the
# dependencies) and starts the server on the embedded database. Extra arguments go to `cairn`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/provision.sh
pnpm install --frozen-lockfile --reporter=silent
exec pnpm --silent cairn serve "$@"
