// The repeats the router drops: a string on a step in a language at one revision is routed once, however often
// its event is delivered (the service retries a batch it thinks failed, a redelivery repeats one, anyone
// holding a captured body can replay it: no signature covers a time). Remembered for a while, in a bounded
// map; a string that truly comes back at the same revision after that is still routed, by its delivery or by
// the reconcile pass.

export function repeatKey(
  organization: string,
  item: { stepId: number; languageId: string; string: { id: number }; revision: number },
): string {
  return `${organization}|${item.stepId}|${item.languageId}|${item.string.id}|${item.revision}`;
}

export class RecentKeys {
  /** Key → when it was claimed; a Map keeps insertion order, so the oldest go first. */
  private seen = new Map<string, number>();

  constructor(
    private ttlMs: number,
    private cap: number,
    private now: () => number = Date.now,
  ) {}

  /** True when the key is new (and claims it); false for a repeat within the window. */
  claim(key: string): boolean {
    const t = this.now();
    const at = this.seen.get(key);
    if (at !== undefined && t - at < this.ttlMs) return false;
    this.seen.delete(key);
    this.seen.set(key, t);
    this.evict(t);
    return true;
  }

  /** Forgets a key, so its next delivery is routed (after a failure that routed nothing). */
  release(key: string): void {
    this.seen.delete(key);
  }

  get size(): number {
    return this.seen.size;
  }

  private evict(t: number): void {
    for (const [key, at] of this.seen) {
      if (this.seen.size <= this.cap && t - at < this.ttlMs) break;
      this.seen.delete(key);
    }
  }
}
