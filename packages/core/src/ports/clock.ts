/** The current time; a port so that the core never reads the system clock itself. */
export interface Clock {
  /** The current instant. */
  now(): Date
}
