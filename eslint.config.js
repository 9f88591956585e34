// @ts-check
import { builtinModules } from 'node:module'
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import tseslint from 'typescript-eslint'

const nodeBuiltins = ['node:*', ...builtinModules.filter((name) => !name.startsWith('_'))]
const forbid = (group, message) => ['error', { patterns: [{ group, message }] }]

// The dependency rule of docs/architecture.md, made mechanical: core is pure, adapters import
// core and their own driver only, and nothing but apps/server knows the container.
const adapters = [
  '@cairn/http',
  '@cairn/web',
  '@cairn/persistence',
  '@cairn/memory',
  '@cairn/testing',
  '@cairn/blob-store',
  '@cairn/module-analyzer',
  '@cairn/upstream-registry',
  '@cairn/vcs-git',
  '@cairn/openpgp',
]
const rules = [
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/core/src/**/test-support/**'],
    group: ['hono', 'hono/*', '@hono/*', '@mikro-orm/*', 'inversify', '@cairn/*', ...nodeBuiltins],
    message: 'packages/core is the pure domain: no framework, no I/O, no other Cairn package',
  },
  {
    files: ['packages/http/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/http/src/test-support/**'],
    group: [
      '@mikro-orm/*',
      'inversify',
      '@cairn/persistence',
      '@cairn/memory',
      '@cairn/testing',
      '@cairn/blob-store',
      '@cairn/module-analyzer',
      '@cairn/upstream-registry',
      '@cairn/vcs-git',
      '@aws-sdk/*',
      'tar',
      ...nodeBuiltins,
    ],
    message: 'packages/http may import core and hono only',
  },
  {
    files: ['packages/web/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/web/src/test-support/**'],
    group: ['@mikro-orm/*', 'inversify', '@cairn/*', '!@cairn/core', '@aws-sdk/*', 'tar'],
    message: 'packages/web may import core, hono and its Markdown renderer and sanitizer only',
  },
  {
    files: ['packages/persistence/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    group: [
      'hono',
      'hono/*',
      '@hono/*',
      'inversify',
      '@cairn/http',
      '@cairn/memory',
      '@cairn/testing',
      '@cairn/blob-store',
      '@cairn/module-analyzer',
      '@cairn/upstream-registry',
      '@cairn/vcs-git',
    ],
    message: 'packages/persistence may import core and MikroORM only',
  },
  {
    files: ['packages/memory/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    group: ['hono', 'hono/*', '@hono/*', '@mikro-orm/*', 'inversify', 'vitest', '@cairn/*', '!@cairn/core'],
    message:
      'packages/memory may import core and Node only: production runs it, and its contract runs alone take the suites of @cairn/testing',
  },
  {
    files: ['packages/testing/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/testing/src/contracts/**'],
    group: [
      'hono',
      'hono/*',
      '@mikro-orm/*',
      'inversify',
      'vitest',
      ...adapters.filter((a) => a !== '@cairn/testing' && a !== '@cairn/memory'),
    ],
    message: 'packages/testing may import core and the in-memory adapters only (vitest only in contracts/)',
  },
  {
    files: ['packages/testing/src/contracts/**/*.ts'],
    ignores: [],
    group: ['hono', 'hono/*', '@mikro-orm/*', 'inversify', ...adapters.filter((a) => a !== '@cairn/testing')],
    message: 'contract suites may import core and vitest only',
  },
  {
    files: ['packages/blob-store/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    group: ['hono', 'hono/*', '@hono/*', '@mikro-orm/*', 'inversify', '@cairn/*', '!@cairn/core'],
    message: 'packages/blob-store may import core and its storage driver only',
  },
  {
    files: ['packages/module-analyzer/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    group: ['hono', 'hono/*', '@hono/*', '@mikro-orm/*', 'inversify', '@cairn/*', '!@cairn/core'],
    message: 'packages/module-analyzer may import core, its drivers (tar, @cdktf/hcl2json) and Node only',
  },
  {
    files: ['packages/upstream-registry/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    group: ['hono', 'hono/*', '@hono/*', '@mikro-orm/*', 'inversify', '@cairn/*', '!@cairn/core'],
    message: 'packages/upstream-registry may import core, lru-cache and Node only',
  },
  {
    files: ['packages/openpgp/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/openpgp/src/test-support/**'],
    group: ['hono', 'hono/*', '@hono/*', '@mikro-orm/*', 'inversify', '@cairn/*', '!@cairn/core', ...nodeBuiltins],
    message: 'packages/openpgp may import core and openpgp only',
  },
  {
    files: ['packages/vcs-git/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    group: ['hono', 'hono/*', '@hono/*', '@mikro-orm/*', 'inversify', '@cairn/*', '!@cairn/core'],
    message: 'packages/vcs-git may import core, its drivers (isomorphic-git, tar) and Node only',
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test-support/**'],
    group: ['@cairn/testing', '@cairn/testing/*'],
    message: '@cairn/testing is test code: the server runs the in-memory adapters of @cairn/memory',
  },
]

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', '**/coverage/', '**/data/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by design.
  { files: ['**/*.test.ts'], rules: { '@typescript-eslint/no-unsafe-assignment': 'off' } },
  ...rules.map(({ files, ignores, group, message }) => ({
    files,
    ignores,
    rules: { 'no-restricted-imports': forbid(group, message) },
  })),
)
