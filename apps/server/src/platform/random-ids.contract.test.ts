import { idGeneratorContract } from '@cairn/testing/contracts'
import { RandomIds } from './random-ids.ts'

idGeneratorContract('random', () => new RandomIds())
