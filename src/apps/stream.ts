// The emulator's live feed (`GET /__apps/stream`, server-sent events) marks the Apps view's queries stale as
// things happen: a delivery's attempt, an app's own call, a step's new counts. The data itself stays in
// TanStack Query; the feed only says what to read again (or, for counts it carries whole, writes them in).
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { keys } from '../connection/keys.ts';
import { type AppsOverview, type AppsStreamEvent, type StepCounts } from '../wire/apps.ts';
import { APPS_PATHS } from '../wire/apps-routes.ts';

export type StreamState = 'connecting' | 'live' | 'lost';

/** A burst of events (a 500-string batch, a flush) refetches each list once, at most this often. */
const COALESCE_MS = 250;

const EVENT_TYPES: readonly AppsStreamEvent['type'][] = ['attempt', 'delivery', 'call', 'statuses', 'apps'];

/** The query keys an event makes stale (by prefix). */
export function staleKeys(origin: string, event: AppsStreamEvent): QueryKey[] {
  switch (event.type) {
    case 'attempt':
    case 'delivery':
      return [keys.appsDeliveries(origin)];
    case 'call':
      return [keys.appsCalls(origin)];
    case 'statuses':
      // The counts are written at once (writeCounts), and the overview is still read again: a read that
      // started before this event would otherwise land after it with the older counts, and stay.
      return [keys.appsStepStrings(origin, event.stepId), keys.appsOverview(origin)];
    case 'apps':
      return [keys.appsOverview(origin)];
  }
}

/** The overview with one step's counts replaced (the feed carries them whole). */
export function withStepCounts(overview: AppsOverview, stepId: number, counts: StepCounts): AppsOverview {
  return {
    ...overview,
    apps: overview.apps.map((app) =>
      app.steps.some((s) => s.id === stepId)
        ? { ...app, steps: app.steps.map((s) => (s.id === stepId ? { ...s, counts } : s)) }
        : app,
    ),
  };
}

/** Follows the feed of the emulator at `origin` while the view is open; says whether it is live. */
export function useAppsStream(origin: string | null): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  useEffect(() => {
    if (!origin) return;
    const pending = new Map<string, QueryKey>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      for (const queryKey of pending.values()) void queryClient.invalidateQueries({ queryKey });
      pending.clear();
    };
    const mark = (queryKey: QueryKey) => {
      pending.set(JSON.stringify(queryKey), queryKey);
      timer ??= setTimeout(flush, COALESCE_MS);
    };
    const source = new EventSource(`${origin}${APPS_PATHS.stream}`);
    source.addEventListener('hello', () => {
      setState('live');
      // Whatever happened while the feed was down is read again.
      mark(keys.apps(origin));
    });
    source.addEventListener('error', () => {
      setState(source.readyState === EventSource.CLOSED ? 'lost' : 'connecting');
      // The feed dropped: read the overview now, so an emulator that stopped is said at once (its read
      // fails) rather than the view looking live (ui-walk D4). The browser retries the feed meanwhile.
      void queryClient.invalidateQueries({ queryKey: keys.appsOverview(origin) });
    });
    for (const type of EVENT_TYPES) {
      source.addEventListener(type, (message) => {
        const event = parse(message.data);
        if (!event) return;
        if (event.type === 'statuses') writeCounts(queryClient, origin, event.stepId, event.counts);
        for (const queryKey of staleKeys(origin, event)) mark(queryKey);
      });
    }
    return () => {
      source.close();
      clearTimeout(timer);
      setState('connecting');
    };
  }, [origin, queryClient]);
  return state;
}

function writeCounts(queryClient: QueryClient, origin: string, stepId: number, counts: StepCounts): void {
  queryClient.setQueryData<AppsOverview>(keys.appsOverview(origin), (overview) =>
    overview ? withStepCounts(overview, stepId, counts) : overview,
  );
}

function parse(data: unknown): AppsStreamEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as AppsStreamEvent;
    return EVENT_TYPES.includes(value.type) ? value : null;
  } catch {
    return null;
  }
}
