/** What a password sign-in is counted by: the username tried and the client's address. */
export interface SignInAttempt {
  readonly username: string
  /** The client's address; undefined when the host cannot tell it (then only the username counts). */
  readonly address: string | undefined
}

/**
 * Failed password sign-ins, counted per username and per client address, so that guessing
 * backs off: once either has failed too often lately, its attempts wait.
 */
export interface SignInAttempts {
  /** Seconds until this attempt may be made, 0 when it may be made now: the longer wait of its username and its address. */
  waitBefore(attempt: SignInAttempt): Promise<number>
  /** Counts one failure against the attempt's username and its address. */
  failed(attempt: SignInAttempt): Promise<void>
  /** Forgets the failures of the attempt's username; its address's stay counted. */
  succeeded(attempt: SignInAttempt): Promise<void>
}
