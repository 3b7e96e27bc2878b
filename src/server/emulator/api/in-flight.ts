// The service's concurrency rule: at most N requests in flight per key. A request counts from its arrival
// until its response has been sent or its client has gone, whichever comes first.
import type { TokenClaims } from '../oauth/jwt.ts';

/**
 * What the limit is counted per: the account, across all of its tokens (the service's OpenAPI, "Rate
 * Limits": 20 simultaneous requests per account). An enterprise account belongs to its organization.
 */
export function inFlightKey(claims: TokenClaims): string {
  return `${claims.domain ?? ''}:${claims.sub}`;
}

/** What the limit has seen of one key since the start: refusals and the most at once (the Apps view's meter). */
export interface KeyUse {
  refused: number;
  peak: number;
}

export class InFlightLimiter {
  private counts = new Map<string, number>();
  private uses = new Map<string, KeyUse>();

  constructor(private max: () => number) {}

  /** Takes a slot for `key`: a release function (safe to call twice), or null when the key is at its limit. */
  acquire(key: string): (() => void) | null {
    const count = this.counts.get(key) ?? 0;
    const use = this.uses.get(key) ?? { refused: 0, peak: 0 };
    this.uses.set(key, use);
    if (count >= this.max()) {
      use.refused++;
      return null;
    }
    this.counts.set(key, count + 1);
    use.peak = Math.max(use.peak, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    };
  }

  /** Requests in flight for a key, or in total. */
  count(key?: string): number {
    if (key !== undefined) return this.counts.get(key) ?? 0;
    let total = 0;
    for (const n of this.counts.values()) total += n;
    return total;
  }

  /** Every key that ever asked for a slot: in flight now, refused and peak so far. */
  meter(): { key: string; inFlight: number; refused: number; peak: number }[] {
    return [...this.uses].map(([key, use]) => ({ key, inFlight: this.count(key), ...use }));
  }
}
