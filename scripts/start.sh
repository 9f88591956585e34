#!/usr/bin/env bash
# Installs what Cairn needs (a supported Node.js and pnpm when the system's are older, then the
# dependencies) and starts the server on the embedded database. Extra arguments go to `cairn`.
set -euo pipefail
# Relative paths (./data by default) mean the directory the user started from, as under pnpm.
export INIT_CWD="$PWD"

# The embedded database takes one process at a time (apps/server/src/platform/data-dir-lock.ts
# decides). A server already running is said here, before provisioning and installing take their
# seconds, with shell builtins alone: nothing needs to be installed for this answer.
refuse_if_held() { # the lock file; same message as DataDirLock's
  local holder pid purpose since
  holder=$(<"$1")
  [[ $holder =~ \"pid\":([0-9]+) ]] || return 0
  pid=${BASH_REMATCH[1]}
  # EPERM (another user's live process) still counts as running, as in DataDirLock.
  kill -0 "$pid" 2>/dev/null || [ -e "/proc/$pid" ] || return 0
  [[ $holder =~ \"purpose\":\"([^\"]*)\" ]] && purpose=${BASH_REMATCH[1]}
  [[ $holder =~ \"since\":\"([^\"]*)\" ]] && since=${BASH_REMATCH[1]}
  echo "cairn: the data directory ${1%/cairn.lock} is in use by process $pid (${purpose:-?}, since ${since:-?})." >&2
  echo "The embedded database allows one process at a time: stop that process first, then run this again." >&2
  exit 1
}
data_dir="${CAIRN_DATA_DIR:-data}"
[[ $data_dir == /* ]] || data_dir="$INIT_CWD/$data_dir"
if [ -z "${DATABASE_URL:-}" ] && [ -f "$data_dir/cairn.lock" ]; then refuse_if_held "$data_dir/cairn.lock"; fi

cd "$(dirname "$0")/.."
source scripts/provision.sh
pnpm install --frozen-lockfile --reporter=silent
# The server becomes this script's process: signals reach it and no wrapper stays around it.
# Its flags and the compile cache are pnpm start's (docs/operations.md, "Sizing", says why).
NODE_COMPILE_CACHE="$PWD/node_modules/.cache/node-compile-cache" exec node --expose-gc --max-semi-space-size=8 apps/server/src/cli/main.ts serve "$@"
