// The inbox: every string of a delivery is kept here before the router answers 2xx, and routing takes its work
// from here, so a process killed at any moment loses nothing it acknowledged. A row is one string on one step in
// one language (a string delivered again while it waits is the same row). Instances share the inbox through
// one PostgreSQL: a worker claims a batch of one step and language with a lease (FOR UPDATE SKIP LOCKED: no
// two workers hold a row), renews the lease while it routes, and deletes each row once its PATCH is answered.
// A row whose lease ran out (its instance died) is claimed again by any instance, marked to be checked
// against the service first: the dead one may have PATCHed it already, and no string is PATCHed twice.
// `lease_until` is also when a row is next due: a batch that waits for a retry is released with a later one.
import type { EventString } from '../../../wire/workflow-step.ts';
import type { SqlRunner } from '../../../app-server/store/sql.ts';

/** A string's place in the inbox, one row per string, step and language: the key of its row. */
export function placeKey(i: { stepId: number; languageId: string; string: { id: number } }): string {
  return `${i.stepId}|${i.languageId}|${i.string.id}`;
}

/** One string to route, as kept. */
export interface InboxItem {
  projectId: number;
  stepId: number;
  languageId: string;
  /** null for a string found on the step (reconciling, a save), not delivered. */
  revision: number | null;
  string: EventString;
}

export interface ClaimedItem extends InboxItem {
  id: number;
  /** Route it only if the service still has it NEED_PROCESS (see `needsCheck`). */
  check: boolean;
}

export interface Claim {
  organization: string;
  /**
   * Set on a claim routed before its rows were committed (an embedded store's move, ../deliveries.ts): every
   * inbox call on the claim waits for it, and the items' ids are set when it resolves. Rejected, the rows
   * were never kept: there is nothing to update, and the journal moves the delivery again, checked first.
   */
  stored?: Promise<void>;
  /** Who holds its lease (`claimed_by`): renewals, `done` and `release` name it. */
  holder: string;
  projectId: number;
  stepId: number;
  languageId: string;
  items: ClaimedItem[];
  /** Failed tries of this batch so far (for the wait before the next). */
  failures: number;
}

/** The new rows of a `put` that its caller takes at once (see `put`). */
export interface PutClaim {
  owner: string;
  leaseMs: number;
  take(item: InboxItem): boolean;
}

/** What became of a delivery's strings. */
export interface Kept {
  /** New: routed soon. */
  queued: number;
  /** Already waiting in the inbox: kept once. */
  repeats: number;
  /** Routed before at this revision, or being routed now: routed again only if the service says NEED_PROCESS. */
  checked: number;
}

/** The key a string routed at a revision is remembered by (a later delivery of it is checked first). */
export function routedKey(
  organization: string,
  item: Omit<InboxItem, 'string' | 'projectId'>,
  stringId: number,
) {
  return `${organization}|${item.stepId}|${item.languageId}|${stringId}|${item.revision ?? ''}`;
}

const READY = '(lease_until is null or lease_until < now())';

type InboxRow = {
  id: string;
  organization: string;
  project_id: number;
  step_id: number;
  language: string;
  string_id: string;
  revision: number | null;
  payload: EventString;
  verify: boolean;
  claims: number;
  failures: number;
};

export class Inbox {
  constructor(private readonly sql: SqlRunner) {}

  /**
   * Keeps a delivery's strings (one statement: all or none). A string already waiting is not kept twice
   * (`repeats`); one being routed right now is marked to be routed again after, once the service says it is
   * NEED_PROCESS. A string routed earlier at the same revision is kept to be checked likewise: the service
   * puts strings sent again back on NEED_PROCESS (route them), while a delivery repeated (a retry, a replay)
   * finds them routed already (drop them).
   * With `claim`, the new rows it `take`s are kept already claimed by its owner (`claimed`, with their ids):
   * the instance that acknowledges a delivery routes it from memory at once, with no claim round trip that
   * reads the strings back; a row another worker holds or that waited already is left to the claims.
   * `checkFirst` keeps every string to be checked before it is routed: a delivery this instance may have
   * routed already (store/journal.ts, a move tried again).
   */
  async put(
    organization: string,
    all: readonly InboxItem[],
    claim?: PutClaim,
    { checkFirst = false }: { checkFirst?: boolean } = {},
  ): Promise<Kept & { claimed: ClaimedItem[] }> {
    // One row per string in one statement (PostgreSQL refuses to update a row twice in one insert).
    const unique = new Map<string, InboxItem>();
    for (const i of all) unique.set(placeKey(i), i);
    const items = [...unique.values()];
    if (items.length === 0) return { queued: 0, repeats: all.length, checked: 0, claimed: [] };
    // The strings' JSON texts go side by side in one bytea (sent as bytes; as a text array each would be
    // quoted and escaped, src/app-server/store/sql.ts arrayLiteral, and parsed again by the server), each cut
    // out by its offset and length and read as json once; the short columns go as arrays. (A JSON document
    // of the whole rows was parsed twice, by the cast and by json_to_recordset, and each payload a third
    // time: a third of the put, which is most of what PostgreSQL does for a delivery.)
    const texts = items.map((i) => Buffer.from(JSON.stringify(i.string)));
    const offsets: number[] = [];
    let length = 0;
    for (const text of texts) {
      offsets.push(length);
      length += text.length;
    }
    // A claimed row counts one claim already: whoever claims it after this owner checks it first.
    const [row] = await this.sql.query<{
      kept: number;
      checked: number;
      claimed: [number, number, string, number, boolean][];
    }>(
      `with w as (
         insert into router_inbox as i
           (organization, project_id, step_id, language, string_id, revision, payload, verify, claimed_by,
            lease_until, claims)
         select $1, u.p, u.s, u.l, u.id, u.r,
                convert_from(substring($14::bytea from u.o + 1 for u.n), 'UTF8')::json,
                $4::boolean or exists (select 1 from router_routed r where r.key = u.k),
                case when u.c then $2::text end,
                case when u.c then now() + $3::int * interval '1 millisecond' end,
                case when u.c then 1 else 0 end
         from unnest($5::int[], $6::int[], $7::text[], $8::bigint[], $9::int[], $10::int[], $11::int[],
                     $12::text[], $13::boolean[]) as u(p, s, l, id, r, o, n, k, c)
         on conflict (organization, step_id, language, string_id) do update
           set again = i.claimed_by is not null, payload = excluded.payload, revision = excluded.revision
         returning id, step_id, language, string_id, (xmax = 0) as fresh, again, verify,
           (xmax = 0 and claimed_by is not null) as mine
       )
       select (count(*) filter (where fresh or again))::int as kept,
              (count(*) filter (where (fresh or again) and (again or verify)))::int as checked,
              coalesce(json_agg(json_build_array(id, step_id, language, string_id, verify)) filter (where mine),
                '[]'::json) as claimed
       from w`,
      [
        organization,
        claim?.owner ?? null,
        claim?.leaseMs ?? 0,
        checkFirst,
        items.map((i) => i.projectId),
        items.map((i) => i.stepId),
        items.map((i) => i.languageId),
        items.map((i) => i.string.id),
        items.map((i) => i.revision),
        offsets,
        texts.map((t) => t.length),
        items.map((i) => routedKey(organization, i, i.string.id)),
        items.map((i) => claim?.take(i) === true),
        // Last: the driver writes the parameters into one buffer that grows as they come, copying what is
        // in it each time, so the texts (most of the bytes) are copied once.
        Buffer.concat(texts, length),
      ],
    );
    const kept = row?.kept ?? 0;
    const checked = row?.checked ?? 0;
    const claimed = (row?.claimed ?? []).map(([id, stepId, languageId, stringId, verify]): ClaimedItem => {
      const item = unique.get(placeKey({ stepId, languageId, string: { id: stringId } }))!;
      return { ...item, id: Number(id), check: verify };
    });
    return { queued: kept - checked, repeats: all.length - kept, checked, claimed };
  }

  /**
   * Whether none of `items` is in the inbox or was routed at its revision: what `put` would keep as new,
   * asked in the transaction that puts them, before the put itself (the statement that costs).
   */
  async allNew(organization: string, items: readonly InboxItem[]): Promise<boolean> {
    // Arrays of numbers and short keys: a fraction of the put's payloads to send and read.
    const [row] = await this.sql.query<{ known: boolean }>(
      `select exists (
         select 1 from unnest($2::int[], $3::text[], $4::bigint[]) as u(s, l, id)
         join router_inbox i on i.organization = $1 and i.step_id = u.s and i.language = u.l and i.string_id = u.id
       ) or exists (select 1 from router_routed where key = any($5::text[])) as known`,
      [
        organization,
        items.map((i) => i.stepId),
        items.map((i) => i.languageId),
        items.map((i) => i.string.id),
        items.map((i) => routedKey(organization, i, i.string.id)),
      ],
    );
    return row?.known === false;
  }

  /**
   * Claims up to `max` ready strings of one step and language for `owner`, for `leaseMs`; null when nothing
   * is ready. A row claimed before (its owner died or gave it back) is to be checked before it is routed.
   */
  async claim(owner: string, leaseMs: number, max: number): Promise<Claim | null> {
    const rows = await this.sql.query<InboxRow>(
      `with head as (
         select organization, step_id, language from router_inbox
         where ${READY} order by id limit 1 for update skip locked
       ), picked as (
         select i.id from router_inbox i join head h
           on i.organization = h.organization and i.step_id = h.step_id and i.language = h.language
         where ${READY.replace(/lease_until/g, 'i.lease_until')}
         order by i.id limit $3 for update of i skip locked
       )
       update router_inbox set claimed_by = $1, lease_until = now() + $2 * interval '1 millisecond',
         claims = claims + 1, again = false
       where id in (select id from picked)
       returning id, organization, project_id, step_id, language, string_id, revision, payload, verify, claims,
         failures`,
      [owner, leaseMs, max],
    );
    if (rows.length === 0) return null;
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    const first = rows[0]!;
    return {
      organization: first.organization,
      holder: owner,
      projectId: first.project_id,
      stepId: first.step_id,
      languageId: first.language,
      failures: Math.max(...rows.map((r) => r.failures)),
      items: rows.map((r) => ({
        id: Number(r.id),
        projectId: r.project_id,
        stepId: r.step_id,
        languageId: r.language,
        revision: r.revision,
        // An id kept as bigint comes back as text.
        string: { ...r.payload, id: Number(r.string_id) },
        check: r.verify || r.claims > 1,
      })),
    };
  }

  /** Keeps the claim on rows being routed (false: the lease on one of them was lost, another may hold it). */
  async renew(owner: string, ids: readonly number[], leaseMs: number): Promise<boolean> {
    if (ids.length === 0) return true;
    const rows = await this.sql.query(
      `update router_inbox set lease_until = now() + $3 * interval '1 millisecond'
       where id = any($2::bigint[]) and claimed_by = $1 returning id`,
      [owner, ids, leaseMs],
    );
    return rows.length === ids.length;
  }

  /**
   * Rows done (PATCHed, or dropped after the check): deleted, their routed keys remembered. A row delivered
   * again meanwhile stays, to be checked and routed again.
   */
  async done(owner: string, organization: string, items: readonly ClaimedItem[]): Promise<void> {
    if (items.length === 0) return;
    const ids = items.map((i) => i.id);
    await this.sql.query(
      `with gone as (
         delete from router_inbox where id = any($2::bigint[]) and claimed_by = $1 and not again returning id
       ), kept as (
         update router_inbox set claimed_by = null, lease_until = null, claims = 0, failures = 0, verify = true
         where id = any($2::bigint[]) and claimed_by = $1 and again returning id
       )
       insert into router_routed (key) select unnest($3::text[])
       on conflict (key) do update set routed_at = excluded.routed_at`,
      [
        owner,
        ids,
        items.filter((i) => i.revision !== null).map((i) => routedKey(organization, i, i.string.id)),
      ],
    );
  }

  /** Gives rows back, due again after `delayMs` (a retry's wait); `failed` counts a failed try. */
  async release(owner: string, ids: readonly number[], delayMs: number, failed: boolean): Promise<void> {
    if (ids.length === 0) return;
    await this.sql.query(
      `update router_inbox set claimed_by = null, lease_until = now() + $3 * interval '1 millisecond',
         claims = 0, failures = failures + $4
       where id = any($2::bigint[]) and claimed_by = $1`,
      [owner, ids, delayMs, failed ? 1 : 0],
    );
  }

  /** Every claim given up: at the start of the one process an embedded store allows, nobody holds a lease. */
  async releaseAll(): Promise<void> {
    await this.sql.query(
      `update router_inbox set claimed_by = null, lease_until = null, verify = true where claimed_by is not null`,
    );
  }

  /** Rows waiting for a retry made due now. */
  async dueNow(): Promise<void> {
    await this.sql.query(`update router_inbox set lease_until = null where claimed_by is null`);
  }

  /** Strings held (`total`) and ready to claim now (`ready`). */
  async depth(): Promise<{ total: number; ready: number }> {
    const [row] = await this.sql.query<{ total: string; ready: string }>(
      `select count(*) as total, count(*) filter (where ${READY}) as ready from router_inbox`,
    );
    return { total: Number(row?.total ?? 0), ready: Number(row?.ready ?? 0) };
  }

  /** The string ids held for a step and language (reconciling leaves them to the inbox). */
  async held(organization: string, stepId: number, languageId: string): Promise<Set<number>> {
    const rows = await this.sql.query<{ string_id: string }>(
      'select string_id from router_inbox where organization = $1 and step_id = $2 and language = $3',
      [organization, stepId, languageId],
    );
    return new Set(rows.map((r) => Number(r.string_id)));
  }

  /** Forgets routed keys older than `ms` (a delivery repeated later is routed as new). */
  async prune(ms: number): Promise<void> {
    await this.sql.query(
      `delete from router_routed where routed_at < now() - $1 * interval '1 millisecond'`,
      [ms],
    );
  }
}
