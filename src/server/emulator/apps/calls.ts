// The calls an installed app makes to the emulator (token requests, API calls with its tokens), each linked
// to the delivery that most likely caused it, so the developer sees both directions side by side.
import type { AppApiCall } from '../../../wire/apps.ts';
import type { Deliveries } from './deliveries.ts';
import type { AppsStream } from './stream.ts';

const MAX_CALLS = 2000;

export class CallLog {
  private calls: AppApiCall[] = [];
  private nextId = 1;

  constructor(
    private clock: () => number,
    private deliveries: Deliveries,
    private stream: AppsStream,
  ) {}

  record(call: Omit<AppApiCall, 'id' | 'at' | 'afterDelivery'>, startedAt: number): void {
    const full: AppApiCall = {
      ...call,
      id: this.nextId++,
      at: new Date(startedAt).toISOString(),
      afterDelivery: this.deliveries.log.latestBefore(call.appId, startedAt),
    };
    this.calls.push(full);
    if (this.calls.length > MAX_CALLS) this.calls.splice(0, this.calls.length - MAX_CALLS);
    this.stream.emit({ type: 'call', call: full });
  }

  /** Newest first. */
  list(appId: string | undefined, limit: number): AppApiCall[] {
    const out: AppApiCall[] = [];
    for (let i = this.calls.length - 1; i >= 0 && out.length < limit; i--) {
      const c = this.calls[i]!;
      if (!appId || c.appId === appId) out.push(c);
    }
    return out;
  }

  /** The calls, for a save (each call is never changed once recorded). */
  records(): { nextId: number; calls: AppApiCall[] } {
    return { nextId: this.nextId, calls: [...this.calls] };
  }

  replaceRecords(records: { nextId: number; calls: AppApiCall[] }): void {
    this.calls = records.calls.slice(-MAX_CALLS);
    this.nextId = Math.max(records.nextId, (this.calls.at(-1)?.id ?? 0) + 1);
  }

  now(): number {
    return this.clock();
  }
}
