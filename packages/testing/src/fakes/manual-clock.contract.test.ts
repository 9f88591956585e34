import { clockContract } from '../contracts/index.ts'
import { ManualClock } from './manual-clock.ts'

clockContract('manual', () => new ManualClock())
