import { EDITIONS, type BlobStore, type ErrorLog } from '@cairn/core'
import type { ApiDocsPage } from '@cairn/http'
import type { Orm } from '@cairn/persistence'
import { allowedHostProblem } from '@cairn/vcs-git'
import { createPrivateKey } from 'node:crypto'
import { z } from 'zod'
import { LOG_LEVELS } from '../platform/logger.ts'
import { isAcceptableMetricsToken } from '../platform/metrics-token.ts'
import type {
  CairnArchiveLimits,
  CairnBlobOptions,
  CairnGithubAppOptions,
  CairnOptions,
  CairnStoreOptions,
  CairnProviderMirrorOptions,
  CairnUpstreamRegistryOptions,
  CairnVcsOptions,
} from './cairn-options.ts'

// `CairnOptions` checked at run time, for JavaScript callers the compiler never saw: every type,
// every value a field can judge alone, and no key but the known ones. What depends on several
// fields (a PostgreSQL store needs blobs and a key) is `resolveOptions`'. The assertions at the
// end keep this schema and the `CairnOptions` type in agreement.

const object = <T>(what: string) => z.custom<T>((value) => typeof value === 'object' && value !== null, `must be ${what}`)

const positive = z.number().refine((value) => Number.isSafeInteger(value) && value >= 1, 'must be a positive whole number')
const isHttpUrl = (value: string | URL) => /^https?:$/.test(URL.parse(String(value))?.protocol ?? '')
const HTTP_URL = 'must be an absolute http or https URL'
const httpUrl = z.union([z.string(), z.instanceof(URL)]).refine(isHttpUrl, HTTP_URL)
const httpUrlString = z.string().refine(isHttpUrl, HTTP_URL)

const STORE_KINDS = '{ kind: "memory" }, { kind: "embedded", dataDir }, { kind: "postgres", url } or { kind: "mikro-orm", orm }'
const BLOB_KINDS = '{ kind: "memory" }, { kind: "filesystem", root }, { kind: "s3", bucket } or { kind: "custom", store }'
const kindsMessage = (input: unknown, kinds: string) => (input === undefined ? `is required: ${kinds}` : `must be ${kinds}`)

const store = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('memory') }),
    z.strictObject({ kind: z.literal('embedded'), dataDir: z.string().min(1, 'must be a directory path') }),
    z.strictObject({
      kind: z.literal('postgres'),
      url: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
      schema: z.string().exactOptional(),
    }),
    z.strictObject({ kind: z.literal('mikro-orm'), orm: object<Orm>('a MikroORM instance') }),
  ],
  { error: (issue) => kindsMessage(issue.input, STORE_KINDS) },
)

const blobs = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('memory') }),
    z.strictObject({ kind: z.literal('filesystem'), root: z.string().min(1, 'must be a directory path') }),
    z.strictObject({
      kind: z.literal('s3'),
      bucket: z.string().min(1, 'must be a bucket name'),
      prefix: z.string().exactOptional(),
      endpoint: z.string().exactOptional(),
      region: z.string().exactOptional(),
      forcePathStyle: z.boolean().exactOptional(),
      credentials: z.strictObject({ accessKeyId: z.string(), secretAccessKey: z.string() }).exactOptional(),
    }),
    z.strictObject({ kind: z.literal('custom'), store: object<BlobStore>('a BlobStore') }),
  ],
  { error: (issue) => kindsMessage(issue.input, BLOB_KINDS) },
)

const limits = z.strictObject({
  maxArchiveBytes: positive.exactOptional(),
  maxTotalBytes: positive.exactOptional(),
  maxEntries: positive.exactOptional(),
  maxEntryBytes: positive.exactOptional(),
})

const upstreamRegistry = z.strictObject({
  url: httpUrl.exactOptional(),
  timeoutMs: positive.exactOptional(),
  cacheTtlMs: positive.exactOptional(),
})

const mirrorPattern = z
  .string()
  .regex(
    /^[A-Za-z0-9*][A-Za-z0-9.*_:-]*\/[A-Za-z0-9*][A-Za-z0-9.*_-]*\/[A-Za-z0-9*][A-Za-z0-9.*_-]*$/,
    'must be hostname/namespace/type, with * for any part of a segment',
  )

const providerMirror = z.strictObject({
  readers: z.union([z.literal('*'), z.array(z.string().min(1)).readonly()]).exactOptional(),
  allow: z.array(mirrorPattern).readonly().exactOptional(),
  deny: z.array(mirrorPattern).readonly().exactOptional(),
  pullThrough: z.boolean().exactOptional(),
  timeoutMs: positive.exactOptional(),
  archiveTimeoutMs: positive.exactOptional(),
  maxArchiveBytes: positive.exactOptional(),
})

const githubApp = z.strictObject({
  appId: z.string().regex(/^\d+$/, 'must be the numeric App ID GitHub shows'),
  // Named, never shown: it is a secret.
  privateKey: z.string().refine(isPrivateKey, 'must be a PEM private key (the .pem file GitHub generates)'),
  apiUrl: httpUrlString.exactOptional(),
  webUrl: httpUrlString.exactOptional(),
})

const vcs = z.strictObject({
  cacheDir: z.string().min(1, 'must be a directory path').exactOptional(),
  pollIntervalSeconds: z
    .number()
    .refine((value) => Number.isSafeInteger(value) && value >= 0, 'must be a whole number, 0 or more')
    .exactOptional(),
  encryptionKey: z
    .string()
    .refine((key) => Buffer.from(key, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .exactOptional(),
  githubApp: githubApp.exactOptional(),
  allowedHosts: z
    .array(
      z.string().superRefine((entry, context) => {
        const problem = allowedHostProblem(entry)
        if (problem !== undefined) context.addIssue({ code: 'custom', message: `${problem} (got ${JSON.stringify(entry)})` })
      }),
    )
    .readonly()
    .exactOptional(),
})

export const CAIRN_OPTIONS = z.strictObject({
  store,
  blobs: blobs.exactOptional(),
  edition: z.enum(EDITIONS).exactOptional(),
  basePath: z
    .string()
    .regex(/^((\/[\w.~-]+)+)?$/, 'must be empty or like "/registry", with no trailing slash')
    .exactOptional(),
  baseUrl: httpUrl.exactOptional(),
  uploadUrl: httpUrl.exactOptional(),
  signingKey: z.string().min(32, 'must be at least 32 characters').exactOptional(),
  immutableVersions: z.boolean().exactOptional(),
  moduleDownloads: z.enum(['archive', 'oci']).exactOptional(),
  limits: limits.exactOptional(),
  upstreamRegistry: upstreamRegistry.exactOptional(),
  providerMirror: providerMirror.exactOptional(),
  logLevel: z.enum(LOG_LEVELS).exactOptional(),
  log: z
    .custom<ErrorLog>((value) => typeof value === 'object' && value !== null && typeof Reflect.get(value, 'error') === 'function', {
      message: 'must be an object with an error(message, details) method',
    })
    .exactOptional(),
  metricsToken: z.string().refine(isAcceptableMetricsToken, 'must be at least 16 printable characters without spaces').exactOptional(),
  iactTimeLimitMinutes: positive.exactOptional(),
  cacheMaxBytes: positive.exactOptional(),
  vcs: vcs.exactOptional(),
  webUi: z.boolean().exactOptional(),
  apiDocs: z
    .custom<ApiDocsPage>((value) => typeof value === 'object' && value !== null && typeof Reflect.get(value, 'html') === 'function', {
      message: 'must be the apiDocs() of @cairn/api-docs',
    })
    .exactOptional(),
}) satisfies z.ZodType<CairnOptions>

function isPrivateKey(pem: string): boolean {
  try {
    createPrivateKey(pem)
    return true
  } catch {
    return false
  }
}

// The schema knows every option the type has, and no other: a key it lacked would be refused as unknown.
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false
type SameKeysByKind<A extends { kind: string }, B extends { kind: string }> = A extends unknown
  ? SameKeys<A, Extract<B, { kind: A['kind'] }>>
  : never
type Schema = z.input<typeof CAIRN_OPTIONS>
type Agrees<T extends true> = T
export type OptionsSchemaAgrees = [
  Agrees<SameKeys<CairnOptions, Schema>>,
  Agrees<SameKeysByKind<CairnStoreOptions, Schema['store']>>,
  Agrees<SameKeysByKind<CairnBlobOptions, NonNullable<Schema['blobs']>>>,
  Agrees<SameKeys<CairnArchiveLimits, NonNullable<Schema['limits']>>>,
  Agrees<SameKeys<CairnUpstreamRegistryOptions, NonNullable<Schema['upstreamRegistry']>>>,
  Agrees<SameKeys<CairnProviderMirrorOptions, NonNullable<Schema['providerMirror']>>>,
  Agrees<SameKeys<CairnVcsOptions, NonNullable<Schema['vcs']>>>,
  Agrees<SameKeys<CairnGithubAppOptions, NonNullable<NonNullable<Schema['vcs']>['githubApp']>>>,
  // Whatever the type allows, the schema takes.
  Agrees<CairnOptions extends Schema ? true : false>,
]
