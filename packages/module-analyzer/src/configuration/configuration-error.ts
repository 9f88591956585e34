import { CairnError } from '@cairn/core'

/** The refusal of one configuration file: `<path>: <where and why>` on field `configuration`. */
export function configurationError(path: string, message: string): CairnError {
  return CairnError.invalidField('configuration', `${path}: ${message}`)
}
