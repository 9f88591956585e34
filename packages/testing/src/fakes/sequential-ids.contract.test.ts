import { idGeneratorContract } from '../contracts/index.ts'
import { SequentialIds } from './sequential-ids.ts'

idGeneratorContract('sequential', () => new SequentialIds())
