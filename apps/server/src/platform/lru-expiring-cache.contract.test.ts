import { expiringCacheContract } from '@cairn/testing/contracts'
import { LruExpiringCache } from './lru-expiring-cache.ts'

expiringCacheContract('LRU', () => new LruExpiringCache({ maxBytes: 1024 * 1024 }))
