import type { AuthToken, TokenKind, TokenRepository } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { AuthTokenSchema, type AuthTokenRecord } from '../schema/auth-token.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { tableOf } from './module-query-parts.ts'
import { executePrepared, preparedStatement } from './prepared-statement.ts'
import { FRESH } from './read-options.ts'

/** The foreign key that holds the subject of each kind of token. */
const SUBJECT = { user: 'user', team: 'team', organization: 'organization' } as const satisfies Record<TokenKind, string>

function recordUsesSql(schema: string | undefined): string {
  const tokens = tableOf(schema, AuthTokenSchema)
  return `update ${tokens} t set last_used_at = u.at
    from (select use->>0 as id, (use->>1)::timestamptz as at from jsonb_array_elements(?::jsonb) as use) u
    where t.id = u.id and (t.last_used_at is null or t.last_used_at < u.at)`
}

export class MikroOrmTokenRepository implements TokenRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async findById(id: string): Promise<AuthToken | undefined> {
    const record = await this.#em.findOne(AuthTokenSchema, { id }, FRESH)
    return record === null ? undefined : toAuthToken(record)
  }

  async listActive(kind: TokenKind, subjectId: string): Promise<AuthToken[]> {
    const records = await this.#em.find(
      AuthTokenSchema,
      { kind, [SUBJECT[kind]]: subjectId, revokedAt: null },
      { ...FRESH, orderBy: { createdAt: 'asc', id: 'asc' } },
    )
    return records.map(toAuthToken)
  }

  async add(token: AuthToken): Promise<void> {
    await translated(() => this.#em.insert(AuthTokenSchema, { ...fieldsOf(token), id: token.id }))
  }

  async update(token: AuthToken): Promise<void> {
    await updatedOne('token', () => this.#em.nativeUpdate(AuthTokenSchema, { id: token.id }, fieldsOf(token)))
  }

  /** One statement for every token, the uses as one JSON parameter of `[id, time]` pairs, as download counts are added. */
  async recordUses(uses: ReadonlyMap<string, Date>): Promise<void> {
    if (uses.size === 0) return
    const pairs = [...uses].map(([id, at]) => [id, at.toISOString()])
    const statement = preparedStatement('cairn_record_token_uses', recordUsesSql(this.#em.config.get('schema')))
    await translated(() => executePrepared(this.#em, statement, [JSON.stringify(pairs)]))
  }
}

function fieldsOf(token: AuthToken) {
  const subjectOf = (kind: TokenKind) => (token.kind === kind ? token.subjectId : null)
  return {
    kind: token.kind,
    user: subjectOf('user'),
    team: subjectOf('team'),
    organization: subjectOf('organization'),
    description: token.description,
    secretHash: token.secretHash,
    createdAt: token.createdAt,
    revokedAt: token.revokedAt,
    lastUsedAt: token.lastUsedAt,
  }
}

function toAuthToken(record: AuthTokenRecord): AuthToken {
  const subjectId = record.user?.id ?? record.team?.id ?? record.organization?.name
  if (subjectId === undefined) throw new Error(`token ${record.id} has no subject`)
  return {
    id: record.id,
    kind: record.kind,
    subjectId,
    description: record.description ?? null,
    secretHash: record.secretHash,
    createdAt: record.createdAt,
    revokedAt: record.revokedAt ?? null,
    lastUsedAt: record.lastUsedAt ?? null,
  }
}
