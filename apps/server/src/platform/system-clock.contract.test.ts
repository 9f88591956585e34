import { clockContract } from '@cairn/testing/contracts'
import { SystemClock } from './system-clock.ts'

clockContract('system', () => new SystemClock())
