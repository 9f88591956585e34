import { expiringCacheContract } from '@cairn/testing/contracts'
import { InMemoryExpiringCache } from './in-memory-expiring-cache.ts'

expiringCacheContract('in-memory', () => new InMemoryExpiringCache())
