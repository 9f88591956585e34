/**
 * Which product rules apply: the installable `self-hosted` edition has the admin API; the
 * `hosted` edition has public-module curation instead.
 */
export type Edition = 'self-hosted' | 'hosted'

export const EDITIONS: readonly Edition[] = ['self-hosted', 'hosted']
