/** A shell block of the README marked ```` ```sh walkthrough=<name> ```` (and `server` when it starts one). */
export interface WalkthroughBlock {
  readonly walkthrough: string
  /** Run in a shell of its own, as the README says for a server, while the following blocks run. */
  readonly server: boolean
  readonly code: string
}

/** The marked blocks of `markdown`, in order, each without the indentation of the list item it is in. */
export function walkthroughBlocks(markdown: string): WalkthroughBlock[] {
  const blocks: WalkthroughBlock[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const opening = /^( *)```sh walkthrough=([\w-]+)( server)?$/.exec(lines[i] ?? '')
    if (opening === null) continue
    const indent = opening[1] ?? ''
    const end = lines.findIndex((line, j) => j > i && line === `${indent}\`\`\``)
    if (end === -1) throw new Error(`README line ${i + 1}: the walkthrough block is not closed`)
    const code = lines.slice(i + 1, end).map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    blocks.push({ walkthrough: opening[2] ?? '', server: opening[3] !== undefined, code: `${code.join('\n')}\n` })
    i = end
  }
  return blocks
}

/**
 * The script that runs `blocks` as a reader does: the others in one shell, in order, each
 * failing command stopping it (`set -euo pipefail`); a server block in a shell of its own from
 * the checkout, its log in `server-<n>.log`, the script going on once it listens. The next
 * server block, or the next walkthrough, stops it with Ctrl-C's SIGINT, as the README asks, and
 * it must exit 0.
 * `files` are the block files the script sources or runs, written beside it by the caller.
 */
export function walkthroughScript(blocks: readonly WalkthroughBlock[], checkout: string): { script: string; files: Map<string, string> } {
  const files = new Map<string, string>()
  const steps = blocks.map((block, n) => {
    const file = `block-${n}.sh`
    files.set(file, block.code)
    // A walkthrough begins with the server of the one before stopped, as the README asks.
    const stop = n > 0 && blocks[n - 1]?.walkthrough !== block.walkthrough ? 'stop_server\n' : ''
    const step = block.server
      ? `start_server "$WALK/${file}" "$WALK/server-${n}.log"`
      : `echo "walkthrough: block ${n} (${block.walkthrough})"; source "$WALK/${file}"`
    return stop + step
  })
  const script = `set -euo pipefail
WALK=$(cd "$(dirname "$0")" && pwd)
CHECKOUT=${quoted(checkout)}
server=
stop_server() {
  if [ -n "$server" ]; then kill -INT -- "-$server"; wait "$server"; server=; fi
}
start_server() {
  stop_server
  # A session of its own, as another terminal is: the signal reaches the server and nothing else.
  (cd "$CHECKOUT" && exec setsid bash -euo pipefail "$1") >"$2" 2>&1 &
  server=$!
  until grep -q 'listening on' "$2"; do
    if ! kill -0 "$server" 2>/dev/null; then cat "$2" >&2; echo "walkthrough: the server of $1 exited before listening" >&2; exit 1; fi
    sleep 0.2
  done
}
trap 'echo "walkthrough: failed: $BASH_COMMAND" >&2' ERR
trap 'status=$?; trap - EXIT; stop_server || status=$?; exit $status' EXIT
cd "$CHECKOUT"
${steps.join('\n')}
`
  return { script, files }
}

function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}
