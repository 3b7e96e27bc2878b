// The delivery log, newest first and live: what the emulator sent each app (webhook batches, the installed
// and uninstall events, settings and module calls), its state and last answer, and under each delivery the
// app's own calls to the API (token requests, PATCHes) that it most likely caused.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, type ReactNode } from 'react';
import { keys } from '../connection/keys.ts';
import { announce } from '../ui/announce.ts';
import { DOCUMENTED_EVENTS, type AppApiCall, type AppsOverview, type DeliverySummary } from '../wire/apps.ts';
import { deliveryFaultsText } from '../wire/faults.ts';
import { DELIVERY_KINDS, DELIVERY_STATES } from '../wire/delivery-kinds.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { callApps } from './client.ts';
import { DeliveryDetail } from './DeliveryDetail.tsx';
import { callVerb, clock, plural, readablePath } from './format.ts';
import { deliveryStatus, deliveryTitle, stateLabel } from './kinds.ts';
import { appName, callsByDelivery } from './log.ts';
import { Failure, ReadFailure } from './parts.tsx';
import { QueuedBatches } from './QueuedBatches.tsx';
import { callsQuery, deliveriesQuery } from './queries.ts';
import { useAppsUi, useAppsUiActions } from './store.ts';

export function DeliveryLog(props: { origin: string; overview: AppsOverview | undefined }) {
  const { origin, overview } = props;
  const filters = useAppsUi((s) => s.filters);
  const limit = useAppsUi((s) => s.limit);
  const selected = useAppsUi((s) => s.selectedDelivery);
  const knownNames = useAppsUi((s) => s.appNames);
  const { setFilter, clearFilters, showMore, selectDelivery } = useAppsUiActions();
  const log = useQuery(deliveriesQuery(origin, filters, limit));
  const calls = useQuery(callsQuery(origin));
  const byDelivery = callsByDelivery(calls.data?.data ?? []);
  const queryClient = useQueryClient();
  const id = useId();
  const flush = useMutation({
    // Filtered to an installed app, the log (and what waits, above it) is that app's: so is what goes now.
    mutationFn: () =>
      callApps(origin, APPS_ROUTES.flush, {
        body: overview?.apps.some((a) => a.appId === filters.app) ? { app: filters.app } : {},
      }),
    onSuccess: (r) =>
      announce(
        r.deliveries + r.retries === 0
          ? 'Nothing was waiting.'
          : `Sent ${plural(r.deliveries, 'batch', 'batches')} and ${plural(r.retries, 'retry', 'retries')}.`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apps(origin) }),
  });
  const filtered = Object.values(filters).some(Boolean);
  const apps = overview?.apps ?? [];
  const interval = overview?.settings.batchIntervalSeconds;
  const secretOf = (appId: string) => apps.find((a) => a.appId === appId)?.appSecret ?? null;
  const shown = log.data?.data ?? [];
  // A delivery chosen elsewhere (an app's problem) that this page of the log does not show.
  const elsewhere = selected !== null && !shown.some((d) => d.id === selected) ? selected : null;

  return (
    <section className="apps-card apps-log" aria-labelledby={`${id}-title`}>
      <div className="apps-log-head">
        <h3 id={`${id}-title`}>Deliveries</h3>
        <button
          type="button"
          onClick={() => flush.mutate()}
          disabled={flush.isPending}
          title={interval ? `Batches otherwise go every ${interval} s` : undefined}
        >
          Send queued now
        </button>
      </div>
      <QueuedBatches overview={overview} app={filters.app} />
      {flush.isError && <Failure error={flush.error} />}
      <div className="apps-filters" role="group" aria-label="Filter the deliveries">
        <label>
          App
          <select value={filters.app} onChange={(e) => setFilter('app', e.target.value)}>
            <option value="">Any</option>
            {apps.map((a) => (
              <option key={a.appId} value={a.appId}>
                {a.name}
              </option>
            ))}
            {filters.app && !apps.some((a) => a.appId === filters.app) && (
              <option value={filters.app}>{appName(filters.app, apps, knownNames)} (uninstalled)</option>
            )}
          </select>
        </label>
        <label>
          State
          <select value={filters.state} onChange={(e) => setFilter('state', e.target.value)}>
            <option value="">Any</option>
            {DELIVERY_STATES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Kind
          <select value={filters.kind} onChange={(e) => setFilter('kind', e.target.value)}>
            <option value="">Any</option>
            {DELIVERY_KINDS.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </label>
        <label>
          Event
          <input
            value={filters.event}
            onChange={(e) => setFilter('event', e.target.value.trim())}
            list={`${id}-events`}
            placeholder="any"
            size={14}
          />
          <datalist id={`${id}-events`}>
            {DOCUMENTED_EVENTS.map((e) => (
              <option key={e} value={e} />
            ))}
          </datalist>
        </label>
        {filtered && (
          <button type="button" className="button-ghost" onClick={clearFilters}>
            Clear filters
          </button>
        )}
      </div>
      <ReadFailure origin={origin} read={log} />
      {elsewhere !== null && (
        <div
          className="apps-elsewhere"
          onKeyDown={(e) => {
            if (e.key === 'Escape') selectDelivery(null);
          }}
        >
          <div className="apps-log-head">
            <h4>Delivery #{elsewhere}</h4>
            <button type="button" className="button-ghost" onClick={() => selectDelivery(null)}>
              Close
            </button>
          </div>
          <DeliveryDetail origin={origin} id={elsewhere} secretOf={secretOf} settings={overview?.settings} />
        </div>
      )}
      {log.data && log.data.total === 0 && (
        <p className="hint">
          {filtered ? 'No delivery matches these filters.' : 'Nothing was sent yet: install an app to start.'}
        </p>
      )}
      {log.data && log.data.data.length > 0 && (
        <ol className="apps-deliveries" aria-label="Deliveries, newest first" data-testid="delivery-log">
          {log.data.data.map((d) => (
            <DeliveryItem
              key={d.id}
              delivery={d}
              appName={appName(d.appId, apps, knownNames)}
              selected={selected === d.id}
              onSelect={(open) => selectDelivery(open ? d.id : null)}
            >
              <DeliveryDetail origin={origin} id={d.id} secretOf={secretOf} settings={overview?.settings} />
              <Calls calls={byDelivery.get(d.id) ?? []} />
            </DeliveryItem>
          ))}
        </ol>
      )}
      {log.data && log.data.total > log.data.data.length && (
        <button type="button" onClick={showMore} disabled={log.isPlaceholderData}>
          Show older ({log.data.total - log.data.data.length} more)
        </button>
      )}
      {(byDelivery.get(null)?.length ?? 0) > 0 && (
        <div className="apps-other-calls">
          <h4>Calls before any delivery</h4>
          <Calls calls={byDelivery.get(null)!} />
        </div>
      )}
    </section>
  );
}

/** One delivery of the log: its row, and under it, when opened, the delivery (Escape closes it). */
function DeliveryItem(props: {
  delivery: DeliverySummary;
  appName: string;
  selected: boolean;
  onSelect: (open: boolean) => void;
  /** The opened delivery, then the app's calls (always shown). */
  children: [ReactNode, ReactNode];
}) {
  const d = props.delivery;
  const row = useRef<HTMLButtonElement>(null);
  const [detail, calls] = props.children;
  return (
    <li
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !props.selected) return;
        e.stopPropagation();
        props.onSelect(false);
        row.current?.focus();
      }}
    >
      <button
        ref={row}
        type="button"
        className="apps-delivery"
        aria-current={props.selected || undefined}
        aria-expanded={props.selected}
        onClick={() => props.onSelect(!props.selected)}
        data-testid="delivery"
        data-delivery-id={d.id}
        data-state={d.state}
      >
        <span className="apps-delivery-id">#{d.id}</span>
        <span className={`apps-state apps-state-${d.state}`}>{stateLabel(d)}</span>
        <span className="apps-delivery-what">
          {deliveryTitle(d)}
          {d.redeliveryOf !== null && <span className="hint"> (redelivery of #{d.redeliveryOf})</span>}
          {d.faults.length > 0 && <span className="hint"> ({deliveryFaultsText(d.faults)})</span>}
        </span>
        <span className="apps-delivery-meta">
          {props.appName}
          {d.moduleKey ? ` · ${d.moduleKey}` : ''} · {deliveryStatus(d)}
          {d.attemptCount > 1 ? ` · ${d.attemptCount} attempts` : ''} ·{' '}
          <time dateTime={d.createdAt}>{clock(d.createdAt)}</time>
        </span>
      </button>
      {props.selected && detail}
      {calls}
    </li>
  );
}

function Calls({ calls }: { calls: readonly AppApiCall[] }) {
  if (calls.length === 0) return null;
  return (
    <ul className="apps-calls" aria-label="The app's calls after it" data-testid="app-calls">
      {calls.map((c) => (
        <li key={c.id} data-kind={c.kind}>
          <span aria-hidden="true">↳ </span>
          {callVerb(c)}{' '}
          <code className="apps-break" title={c.path === readablePath(c.path) ? undefined : c.path}>
            {readablePath(c.path)}
          </code>{' '}
          <span className={c.status < 400 ? 'apps-ok' : 'apps-bad'}>{c.status}</span>{' '}
          <span className="hint">
            {c.durationMs} ms, <time dateTime={c.at}>{clock(c.at)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}
