// Before Run: how long the first request's URL will be, said (never blocking) once it is longer than servers
// commonly accept (COMMON_URL_LIMIT in src/wire/limits.ts), so a query that the editor takes but a proxy on
// the way to the service would refuse is no surprise.
import { useDeferredValue, useMemo } from 'react';
import { useSession } from '../auth/session.ts';
import { buildUrl, useApiClient } from '../connection/api.ts';
import { paramsForText, sentQuery, type ListingName } from '../croql/index.ts';
import { PAGE_SIZE } from '../rows/limits.ts';
import { COMMON_URL_LIMIT } from '../wire/limits.ts';
import { listingPathTemplate } from '../wire/listings.ts';
import { useListing, useText, useWorkspace, type Target } from './store.ts';
import { useTarget } from './target.ts';

/** Where a signed-out user's request would go: Crowdin's API, whose URLs are about as long as any. */
const SIGNED_OUT_BASE = 'https://api.crowdin.com/api/v2';

/** The URL of the first page Run would ask for (a template's values filled in). */
export function firstPageUrl(
  baseUrl: string,
  context: ListingName,
  target: Target,
  text: string,
  params = useWorkspace.getState().params,
): string {
  const sent = sentQuery(text, paramsForText(text, params), new Date()).text;
  const croql = sent.trim() === '' ? undefined : sent;
  return buildUrl(baseUrl, listingPathTemplate(context, target), { croql, limit: PAGE_SIZE, offset: 0 });
}

const number = (n: number) => n.toLocaleString('en-US');

export function RequestLengthNote() {
  const text = useDeferredValue(useText());
  const context = useListing();
  const target = useTarget();
  const client = useApiClient();
  const connection = useSession()?.connection;
  const params = useWorkspace((s) => s.params);
  const base = client?.baseUrl ?? SIGNED_OUT_BASE;
  const length = useMemo(
    () => firstPageUrl(base, context, target, text, params).length,
    [base, context, target, text, params],
  );
  if (length <= COMMON_URL_LIMIT) return null;
  const emulator = connection === 'emulator';
  return (
    <p className="notice notice-warning request-length" role="status" data-testid="request-length">
      The request will be {number(length)} characters long, more than servers commonly accept (
      {number(COMMON_URL_LIMIT)}).{' '}
      {emulator
        ? 'The emulator takes it, but Crowdin or a proxy on the way may refuse it.'
        : 'Crowdin or a proxy on the way may refuse it.'}{' '}
      You can still run it; a long list of values often reads shorter as one condition on a label, a file or a
      pattern.
    </p>
  );
}
