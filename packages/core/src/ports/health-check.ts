/** Whether the store can serve requests now; backs the readiness endpoint. */
export interface HealthCheck {
  /** Resolves when the store answers; raises `unavailable` when it does not. */
  check(): Promise<void>
}
