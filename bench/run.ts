/**
 * Cairn's benchmarks (`pnpm bench`, or `node bench/run.ts [uploads] [memory] [throughput] …`): not
 * tests, and never a gate. Prints tables on stdout, progress on stderr, and writes every figure to
 * bench/results/latest.json. Each section, and the tables it prints, is in sections/; how many
 * times each thing is done, in plan.ts. See bench/README.md for what is measured and how.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, cpus, release, tmpdir, totalmem } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { closeConnections } from './http-client.ts'
import { PLAN, SECTIONS, type Section } from './plan.ts'
import { CAIRN_NODE_ARGS } from './processes.ts'
import { httpSections } from './sections/http.ts'
import { largeListsSection } from './sections/large-lists.ts'
import { managementSection } from './sections/management.ts'
import { memorySection } from './sections/memory.ts'
import { mirrorSection } from './sections/mirror.ts'
import { ociSection } from './sections/oci.ts'
import { protocolSection } from './sections/protocol.ts'
import { providersSection } from './sections/providers.ts'
import { readMemorySection } from './sections/read-memory.ts'
import { scalingSection } from './sections/scaling.ts'
import { vcsSection } from './sections/vcs.ts'
import { webSection } from './sections/web.ts'
import { MiB } from './stats.ts'

const RESULTS = fileURLToPath(new URL('results/latest.json', import.meta.url))

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      help: { type: 'boolean', default: false },
      out: { type: 'string', default: RESULTS },
      'memory-minutes': { type: 'string', default: String(PLAN.readMemory.minutes) },
    },
  })
  if (values.help) {
    console.log(`usage: node bench/run.ts [--out file.json] [--memory-minutes n] [${SECTIONS.join('] [')}]   (every section when none is named)
  BENCH_CAIRN_NODE_ARGS="--flag …"   node options for the Cairn server processes`)
    return
  }
  const out = resolve(values.out)
  const unknown = positionals.filter((name) => !(SECTIONS as readonly string[]).includes(name))
  if (unknown.length > 0) throw new Error(`unknown section ${unknown.join(', ')}; sections: ${SECTIONS.join(', ')}`)
  const sections = new Set<Section>(positionals.length === 0 ? SECTIONS : (positionals as Section[]))

  const report: Record<string, unknown> = {
    startedAt: new Date().toISOString(),
    machine: machine(),
    plan: PLAN,
    cairnNodeArgs: CAIRN_NODE_ARGS,
  }
  if (CAIRN_NODE_ARGS.length > 0) console.log(`Cairn runs with node ${CAIRN_NODE_ARGS.join(' ')} (BENCH_CAIRN_NODE_ARGS)`)
  const work = await mkdtemp(join(tmpdir(), 'cairn-bench-work-'))
  try {
    if (sections.has('uploads') || sections.has('throughput')) Object.assign(report, await httpSections(sections))
    if (sections.has('memory')) report['memory'] = await memorySection(work)
    if (sections.has('protocol')) report['protocol'] = await protocolSection()
    if (sections.has('management')) report['management'] = await managementSection()
    if (sections.has('large-lists')) report['largeLists'] = await largeListsSection()
    if (sections.has('read-memory')) report['readMemory'] = await readMemorySection(Number(values['memory-minutes']))
    if (sections.has('vcs')) report['vcs'] = await vcsSection()
    if (sections.has('web')) report['web'] = await webSection()
    if (sections.has('scaling')) report['scaling'] = await scalingSection()
    if (sections.has('providers')) report['providers'] = await providersSection(work)
    if (sections.has('oci')) report['oci'] = await ociSection()
    if (sections.has('mirror')) report['mirror'] = await mirrorSection()
  } finally {
    closeConnections()
    await rm(work, { recursive: true, force: true })
  }
  report['finishedAt'] = new Date().toISOString()
  await mkdir(dirname(out), { recursive: true })
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nFigures written to ${out}`)
}

function machine() {
  return {
    cpus: cpus().length,
    availableParallelism: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    totalMemoryMiB: Math.round(totalmem() / MiB),
    kernel: release(),
    node: process.version,
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
