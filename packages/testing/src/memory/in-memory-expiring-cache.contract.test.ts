import { expiringCacheContract } from '../contracts/index.ts'
import { InMemoryExpiringCache } from './in-memory-expiring-cache.ts'

expiringCacheContract('in-memory', () => new InMemoryExpiringCache())
