/**
 * How long an answer read from the database may be trusted without asking again. A change made through
 * another instance (or by the provider's command line) shows within this time; one made through this
 * instance at once, because every change empties the instance's caches (`InstanceCaches.invalidate`).
 * docs/decisions.md, "Session check without a database round trip".
 */
export const RECHECK_MS = 900
/** Past this many keys a cache is emptied rather than grown: it is a cache, not a store. */
const MAX_ENTRIES = 10_000

interface Entry<V> {
  value: V
  /** When the query that found it started: anything committed before then is in it. */
  checkedAt: number
}

/**
 * Answers of one kind (live sessions, the signed-in user) this instance has read recently, by key.
 * An answer is served for RECHECK_MS from the moment its query started; concurrent reads of one key
 * share one query.
 */
export class RecheckCache<V> {
  private readonly entries = new Map<string, Entry<V>>()
  private readonly pending = new Map<string, Promise<V>>()
  private generation = 0

  constructor(
    private readonly recheckMs = RECHECK_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.entries.get(key)
    if (cached && this.now() - cached.checkedAt < this.recheckMs) return cached.value
    const inFlight = this.pending.get(key)
    if (inFlight) return inFlight
    const generation = this.generation
    const checkedAt = this.now()
    const query = load().finally(() => {
      if (this.pending.get(key) === query) this.pending.delete(key)
    })
    this.pending.set(key, query)
    const value = await query
    // A change made on this instance while the query ran may not be in its answer: do not keep it.
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
      this.entries.set(key, { value, checkedAt })
    }
    return value
  }

  /** Forgets every answer, and any query under way, so that the next read asks the database. */
  invalidate(): void {
    this.generation++
    this.entries.clear()
    this.pending.clear()
  }
}

/**
 * The caches of one app instance. Every change made through the instance (any request but GET or
 * HEAD, before its answer goes out: see app.ts) empties all of them, so that no new code path can
 * forget to: a sign-out, a deactivation, a changed role or a renamed organisation applies to the very
 * next request. Per instance, not per process: two instances in one process (as in the tests) keep
 * their own, as two servers would.
 */
export class InstanceCaches {
  private readonly caches: RecheckCache<unknown>[] = []

  create<V>(): RecheckCache<V> {
    const cache = new RecheckCache<V>()
    this.caches.push(cache as RecheckCache<unknown>)
    return cache
  }

  invalidate(): void {
    for (const cache of this.caches) cache.invalidate()
  }
}
