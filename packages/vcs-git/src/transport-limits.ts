const KiB = 1024
const MiB = 1024 * KiB

/** Deadlines and byte caps on the git client's HTTP calls. */
export interface TransportLimits {
  /** From the request's start (DNS included) until the connection is open (TLS done). */
  readonly connectMs: number
  /** From the request's start until the reply's status line and headers. */
  readonly headersMs: number
  /** The whole of a call that lists refs (info/refs, and ls-refs with protocol v2). */
  readonly refsMs: number
  /** The whole of a fetch: its refs and its pack. */
  readonly fetchMs: number
  /**
   * A reply must bring at least `stallMinBytes` in every `stallWindowMs` until it ends. An idle
   * timer would not do: a host sending one byte a second resets it forever, holding a worker until
   * the total deadline. git's own traffic is never that slow: progress lines come every second,
   * keep-alives every 5 s, and 1 KiB in 30 s is slower than any link a pack comes over.
   */
  readonly stallWindowMs: number
  readonly stallMinBytes: number
  /** What is read of a reply that is not git's (an error page, a 200 with another content type); the rest is dropped. */
  readonly maxErrorBytes: number
  /** The most a git reply listing refs may hold, decoded (100,000 refs are about 6 MiB). */
  readonly maxRefsBytes: number
  /**
   * The most a fetched pack may hold, decoded. isomorphic-git holds the whole pack in memory
   * while it indexes it, so this is a bound on memory per fetch, not on storage.
   */
  readonly maxPackBytes: number
  /**
   * The most the objects of a fetched pack may hold together, inflated, each delta counted at its
   * result's size besides its own. One object alone is bounded by the analyser's limit on one file;
   * this bounds the rest of what isomorphic-git does while it indexes the pack: it inflates every
   * object and keeps the objects of long delta chains until it is done — a 17 KB pack of 40 chained
   * deltas of 16 MiB each took 760 MiB. Whole histories of large module repositories (every branch
   * and tag: Cairn's mirrors are never shallow) are 127 MiB (terraform-aws-vpc, 2,300 commits) and
   * 150 MiB (terraform-aws-eks, 5,200 commits): 512 MiB leaves them room and bounds a hostile pack
   * at about 600 MiB.
   */
  readonly maxPackInflatedBytes: number
  /**
   * The most objects a fetched pack may hold. isomorphic-git takes about 2.5 KiB and more time
   * than linear per object while it indexes a pack (100,000 one-line blobs: 410 MiB and 16 s;
   * 200,000: 620 MiB and 52 s), and an object takes a dozen bytes of a pack, so `maxPackBytes`
   * alone would let a pack name millions. The repositories above hold 10,000 and 25,000 objects.
   */
  readonly maxPackObjects: number
  /** Redirects followed within the origin of the request. */
  readonly maxRedirects: number
}

export const DEFAULT_TRANSPORT_LIMITS: TransportLimits = {
  connectMs: 10_000,
  headersMs: 30_000,
  refsMs: 30_000,
  fetchMs: 5 * 60_000,
  stallWindowMs: 30_000,
  stallMinBytes: KiB,
  maxErrorBytes: 64 * KiB,
  maxRefsBytes: 8 * MiB,
  maxPackBytes: 256 * MiB,
  maxPackInflatedBytes: 512 * MiB,
  maxPackObjects: 100_000,
  maxRedirects: 5,
}
