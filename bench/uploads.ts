import type { Archive } from './archives.ts'
import { createModule, publishVersion } from './cairn-api.ts'
import type { CairnProcess } from './processes.ts'
import { progress } from './report.ts'
import { round, summarize, type Summary } from './stats.ts'

export interface UploadScenario {
  readonly archive: Archive
  readonly runs: number
  /** Uploads before the measured ones: the first loads the HCL parser (WebAssembly). */
  readonly warmups: number
}

export interface UploadResult {
  readonly name: string
  readonly description: string
  readonly archiveBytes: number
  readonly files: number
  readonly configurationBytes: number
  readonly warmupMs: readonly number[]
  /** Create plus upload, end to end: what a publishing client waits for. */
  readonly total: Summary
  readonly create: Summary
  readonly upload: Summary
}

/**
 * Publishes the archive `warmups + runs` times as new versions of one module of its own, end to
 * end over HTTP, one version at a time.
 */
export async function benchUploads(server: CairnProcess, scenario: UploadScenario): Promise<UploadResult> {
  const { archive, runs, warmups } = scenario
  const modulePath = await createModule(server, archive.name.replace(/[^a-z0-9]/g, ''))
  const warmupMs: number[] = []
  for (let i = 0; i < warmups; i++) warmupMs.push(round((await publishVersion(server, modulePath, `0.0.${i}`, archive.bytes)).totalMs))
  const measured = []
  for (let i = 0; i < runs; i++) {
    measured.push(await publishVersion(server, modulePath, `1.0.${i}`, archive.bytes))
    progress(`${archive.name}: ${i + 1}/${runs}`)
  }
  return {
    name: archive.name,
    description: archive.description,
    archiveBytes: archive.bytes.byteLength,
    files: archive.files,
    configurationBytes: archive.configurationBytes,
    warmupMs,
    total: summarize(measured.map((run) => run.totalMs)),
    create: summarize(measured.map((run) => run.createMs)),
    upload: summarize(measured.map((run) => run.uploadMs)),
  }
}
