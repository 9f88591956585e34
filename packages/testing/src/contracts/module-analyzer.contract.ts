import { CairnError, type ByteStream, type ModuleAnalyzer } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { FAKE_METADATA } from '../fakes/fake-module-analyzer.ts'
import { bytesOf } from './byte-streams.ts'
import { useSubject } from './use-subject.ts'

/** An archive an analyser refuses, and the field it refuses it on. */
export interface RefusedArchive {
  readonly field: 'archive' | 'configuration'
  readonly archive: () => ByteStream
}

/** An analyser, with archives in the form it reads, fresh for each test. */
export interface ModuleAnalyzerUnderTest {
  readonly analyzer: ModuleAnalyzer
  /** An archive of a module made of exactly `files` (path → text, at the module root). */
  pack(files: Readonly<Record<string, string>>): ByteStream
  /** Archives it must refuse, by what is wrong with each: for a real analyser, every hostile archive it knows. */
  readonly refused: Readonly<Record<string, RefusedArchive>>
  /** What analyses left behind in its temporary space (nothing, for one that has none). */
  leftovers(): Promise<readonly string[]>
  dispose(): Promise<void>
}

export type ModuleAnalyzerHarness = () => Promise<ModuleAnalyzerUnderTest>

/** The module whose metadata is `FAKE_METADATA`: what the fake answers is what a real analyser reads from these files. */
const FAKE_METADATA_MODULE: Readonly<Record<string, string>> = {
  'README.md': '# Example',
  'main.tf': [
    'variable "region" {',
    '  type    = string',
    '  default = "us-east-1"',
    '}',
    '',
    'resource "null_resource" "main" {}',
    '',
    'output "id" {',
    '  value = null_resource.main.id',
    '}',
    '',
  ].join('\n'),
}

/** `archive`, noting when whoever reads it lets it go (read to its end, or stopped early). */
function tracked(archive: ByteStream): { readonly stream: ByteStream; released: () => boolean } {
  let released = false
  const stream = (async function* () {
    try {
      yield* archive
    } finally {
      released = true
    }
  })()
  return { stream, released: () => released }
}

/** `archive` a byte at a time: a magic number or a header split across chunks. */
async function* byteByByte(archive: ByteStream): ByteStream {
  for await (const chunk of archive) for (const byte of chunk) yield Uint8Array.of(byte)
}

/**
 * What every `ModuleAnalyzer` promises the settling step of both publishing routes (see
 * `AnalyseUpload`): metadata for a sound module, a refusal — `invalid` on `archive` or
 * `configuration`, with a reason a person can act on — for every archive it does not trust, and any
 * other failure (the archive's source breaking off) raised as it came, for the job to retry. It
 * lets go of the archive and leaves nothing behind, whatever the outcome.
 */
export function moduleAnalyzerContract(name: string, open: ModuleAnalyzerHarness): void {
  describe(`ModuleAnalyzer contract: ${name}`, { timeout: 30_000 }, () => {
    const subject = useSubject(open)

    it('reads a sound module into its metadata, and lets go of the archive', async () => {
      const archive = tracked(subject().pack(FAKE_METADATA_MODULE))
      await expect(subject().analyzer.analyze(archive.stream)).resolves.toEqual(FAKE_METADATA)
      expect(archive.released()).toBe(true)
      await expect(subject().leftovers()).resolves.toEqual([])
    })

    it('reads a module however its archive is chunked', async () => {
      await expect(subject().analyzer.analyze(byteByByte(subject().pack(FAKE_METADATA_MODULE)))).resolves.toEqual(FAKE_METADATA)
    })

    it('refuses every archive it must not trust with invalid on its field, lets go of it and leaves nothing behind', async () => {
      expect(Object.keys(subject().refused).length).toBeGreaterThan(0)
      for (const [what, { field, archive }] of Object.entries(subject().refused)) {
        const given = tracked(archive())
        const error: unknown = await subject()
          .analyzer.analyze(given.stream)
          .then(
            () => expect.fail(`${what} was accepted`),
            (failure: unknown) => failure,
          )
        expect(error, what).toBeInstanceOf(CairnError)
        expect(error, what).toMatchObject({ code: 'invalid', fields: [{ field }] })
        expect((error as CairnError).fields[0]?.message, what).toMatch(/\S/)
        expect(given.released(), what).toBe(true)
      }
      await expect(subject().leftovers()).resolves.toEqual([])
    })

    it('refuses an archive however it is chunked', async () => {
      for (const [what, { field, archive }] of Object.entries(subject().refused).slice(0, 3)) {
        await expect(subject().analyzer.analyze(byteByByte(archive())), what).rejects.toMatchObject({
          code: 'invalid',
          fields: [{ field }],
        })
      }
    })

    it('raises a failure of the archive’s source as it came, not as a refusal', async () => {
      const outage = new CairnError('unavailable', 'the blob store went away')
      const whole = await bytesOf(subject().pack(FAKE_METADATA_MODULE))
      async function* breaking(): ByteStream {
        yield whole.subarray(0, 10)
        throw outage
      }
      await expect(subject().analyzer.analyze(breaking())).rejects.toBe(outage)
      await expect(subject().leftovers()).resolves.toEqual([])
    })

    it('analyses archives side by side, each to its own answer', async () => {
      const [refused] = Object.values(subject().refused)
      if (refused === undefined) return expect.fail('the harness lists no archive to refuse')
      const answers = await Promise.allSettled([
        subject().analyzer.analyze(subject().pack(FAKE_METADATA_MODULE)),
        subject().analyzer.analyze(refused.archive()),
        subject().analyzer.analyze(subject().pack(FAKE_METADATA_MODULE)),
        subject().analyzer.analyze(refused.archive()),
      ])
      expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected'])
      expect(answers[2]).toEqual({ status: 'fulfilled', value: FAKE_METADATA })
    })
  })
}
