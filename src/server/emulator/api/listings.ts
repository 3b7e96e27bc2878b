// The four CroQL listings of the emulator: for each, the collection a request reads (after its path
// parameters), the classic (non-croql) filters, the orderBy fields and the resource of each row. Which
// parameters a listing takes, and with what rules, is its row in src/wire/listings.ts.
import type { ContextObject } from '../../../croql/index.ts';
import { LISTINGS, type ApiVariant, type ListingName } from '../../../wire/listings.ts';
import type { Dataset } from '../data/model.ts';
import { notFound } from './errors.ts';
import type { Accessor, ListingQuery, ListingSource, OrderTerm } from './listing.ts';
import type { ListingParams, ParamValue } from './params.ts';
import {
  languageTranslationResource,
  sourceStringResource,
  stringType,
  termResource,
  tmSegmentResource,
  type ProjectShape,
} from './resources.ts';
import { topTranslationsInSteps } from './top-translations.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- context objects are untyped JSON */

export interface ListingPlan {
  source: ListingSource;
  query: ListingQuery;
  /** The resource of one row from its items' indices in `source.items`. */
  resource: (group: number[]) => unknown;
}

export interface ServedProject extends ProjectShape {
  variant: ApiVariant;
}

const STRING_ORDER: Record<string, Accessor> = {
  id: (s) => s.id,
  text: ({ text }) => (typeof text === 'string' ? text : (text?.other ?? null)),
  identifier: (s) => s.identifier,
  context: (s) => s.context,
  createdAt: (s) => s.added,
  updatedAt: (s) => s.updated,
  type: (s) => stringType(s),
};
const SEGMENT_ORDER: Record<string, Accessor> = { id: (s) => s.id };
const TERM_ORDER: Record<string, Accessor> = Object.fromEntries(
  (LISTINGS.glossaryTerms.params.find((p) => p.name === 'orderBy')?.enum ?? []).map((k) => [
    String(k),
    (t: any) => t[String(k)],
  ]),
);

interface TranslationSource extends ListingSource {
  /** The index (in the strings) of the string each item belongs to. */
  owners: Int32Array;
  order: Record<string, Accessor>;
}

export class ListingPlanner {
  private translationSources = new Map<string, Promise<TranslationSource>>();

  constructor(
    private data: () => Dataset,
    /** Runs the building of a listing index in steps between other requests (ListingEngine.run). */
    private run: <T>(work: Generator<void, T>) => Promise<T>,
  ) {}

  async plan(
    listing: ListingName,
    params: ListingParams,
    path: Record<string, string>,
    served: ServedProject,
  ): Promise<ListingPlan> {
    const data = this.data();
    if (path.projectId !== undefined && path.projectId !== String(data.project.id)) throw notFound();
    const order = (fields: Record<string, Accessor>): OrderTerm[] => {
      const [first, ...rest] = params.orderBy;
      // The stored order is the default one: nothing to sort.
      if (!rest.length && first?.field === LISTINGS[listing].defaultOrder && !first.desc) return [];
      return params.orderBy.map((t) => {
        const get = Object.hasOwn(fields, t.field) ? fields[t.field] : undefined;
        if (!get) throw new Error(`emulator: no sort key for ${listing} orderBy ${t.field}`);
        return { ...t, get };
      });
    };
    switch (listing) {
      case 'strings':
        return {
          source: { key: 'strings', context: 'strings', items: data.strings },
          query: { croql: params.croql, filter: stringFilter(params.values), orderBy: order(STRING_ORDER) },
          resource: (group) => sourceStringResource(data.strings[group[0]!]!, data, served),
        };
      case 'translations': {
        const languageId = path.languageId!;
        if (!data.project.targetLanguageIds.includes(languageId)) throw notFound();
        const source = await this.translationSource(data, languageId);
        const stringOf = (item: number) => data.strings[source.owners[item]!]!;
        return {
          source,
          query: {
            croql: params.croql,
            filter: translationFilter(params.values, stringOf),
            orderBy: order(source.order),
          },
          resource: (group) =>
            languageTranslationResource(
              stringOf(group[0]!),
              group.map((i) => source.items[i]!),
              data,
              languageId,
            ),
        };
      }
      case 'tmSegments': {
        const tm = data.tms.find((t) => String(t.id) === path.tmId);
        if (!tm) throw notFound();
        return {
          source: { key: `segments:${tm.id}`, context: 'tmSegments', items: tm.segments },
          query: { croql: params.croql, filter: null, orderBy: order(SEGMENT_ORDER) },
          resource: (group) => tmSegmentResource(tm.segments[group[0]!]!),
        };
      }
      case 'glossaryTerms': {
        const g = data.glossaries.find((x) => String(x.id) === path.glossaryId);
        if (!g) throw notFound();
        return {
          source: { key: `terms:${g.id}`, context: 'glossaryTerms', items: g.terms },
          query: {
            croql: params.croql,
            filter: termFilter(params.values, g.terms),
            orderBy: order(TERM_ORDER),
          },
          resource: (group) => termResource(g.terms[group[0]!]!, g.id),
        };
      }
    }
  }

  /**
   * The top translations of one language (one row per string), built once per data version, in steps, and
   * shared by the requests that arrive meanwhile.
   */
  private translationSource(data: Dataset, languageId: string): Promise<TranslationSource> {
    const key = `${data.version}:${languageId}`;
    let source = this.translationSources.get(key);
    if (!source) {
      source = this.run(topTranslationsInSteps(data.strings, languageId)).then(({ items, owners }) => {
        // A plural string's forms sort by its first form's keys, so they stay together as one row.
        const head = new Int32Array(items.length);
        for (let i = 1; i < items.length; i++) head[i] = owners[i] === owners[i - 1] ? head[i - 1]! : i;
        const first = (i: number) => items[head[i]!] as any;
        const owner = (i: number) => data.strings[owners[i]!]!;
        return {
          key: `translations:${languageId}`,
          context: 'translations' as const,
          items,
          owners,
          order: {
            text: (_t, i) => first(i).text,
            stringId: (_t, i) => owner(i).id,
            translationId: (_t, i) => first(i).id,
            createdAt: (_t, i) => first(i).updated,
          },
          groupKey: (i) => (owner(i).typeIsPlural ? (owner(i).id as number) : -1),
        };
      });
      source.catch(() => this.translationSources.delete(key));
      if (this.translationSources.size > 16) this.translationSources.clear();
      this.translationSources.set(key, source);
    }
    return source;
  }
}

// Classic (non-croql) filters. Their cache key is the parameters they read.

const num = (v: ParamValue | undefined) => (typeof v === 'number' ? v : null);
const ids = (v: ParamValue | undefined) => (Array.isArray(v) ? (v as number[]) : null);

function stringFilter(values: ReadonlyMap<string, ParamValue>): ListingQuery['filter'] {
  const fileId = num(values.get('fileId'));
  const branchId = num(values.get('branchId'));
  const directoryId = num(values.get('directoryId'));
  const labels = ids(values.get('labelIds'));
  const raw = values.get('filter');
  const text = typeof raw === 'string' && raw !== '' ? raw.toLowerCase() : null;
  const scope = values.get('scope');
  const fields = Array.isArray(scope) ? (scope as string[]) : ['identifier', 'text', 'context'];
  // taskId: the emulator has no tasks, so a task filter matches nothing.
  const taskId = num(values.get('taskId'));
  if (fileId === null && branchId === null && directoryId === null && !labels && !text && taskId === null)
    return null;
  return {
    key: JSON.stringify([fileId, branchId, directoryId, labels, text, fields, taskId]),
    test: (s) =>
      taskId === null &&
      (fileId === null || s.file?.id === fileId) &&
      (branchId === null || s.branch?.id === branchId) &&
      (directoryId === null || s.directoryId === directoryId) &&
      (!labels || ((s.labels ?? []) as any[]).some((l) => labels.includes(l.id))) &&
      (!text ||
        fields.some((f) =>
          JSON.stringify(s[f] ?? '')
            .toLowerCase()
            .includes(text),
        )),
  };
}

function translationFilter(
  values: ReadonlyMap<string, ParamValue>,
  stringOf: (item: number) => ContextObject,
): ListingQuery['filter'] {
  const stringIds = ids(values.get('stringIds'));
  const labels = ids(values.get('labelIds'));
  const fileId = num(values.get('fileId'));
  const branchId = num(values.get('branchId'));
  const directoryId = num(values.get('directoryId'));
  const approvedOnly = values.get('approvedOnly') === 1;
  const passedWorkflow = values.get('passedWorkflow') === 1;
  const minApprovals = num(values.get('minApprovalCount')) ?? 0;
  const used = [stringIds, labels, fileId, branchId, directoryId, approvedOnly, passedWorkflow, minApprovals];
  if (used.every((v) => v === null || v === false || v === 0)) return null;
  return {
    key: JSON.stringify(used),
    test: (t, i) => {
      const s = stringOf(i) as any;
      const approvals = ((t.approvals ?? []) as unknown[]).length;
      return (
        (!stringIds || stringIds.includes(s.id)) &&
        (!labels || ((s.labels ?? []) as any[]).some((l) => labels.includes(l.id))) &&
        (fileId === null || s.file?.id === fileId) &&
        (branchId === null || s.branch?.id === branchId) &&
        (directoryId === null || s.directoryId === directoryId) &&
        (!approvedOnly || approvals > 0) &&
        (!passedWorkflow || s.isPassedWorkflow === true) &&
        approvals >= minApprovals
      );
    },
  };
}

function termFilter(
  values: ReadonlyMap<string, ParamValue>,
  terms: readonly ContextObject[],
): ListingQuery['filter'] {
  const userId = num(values.get('userId'));
  const languageId = values.get('languageId');
  const conceptId = num(values.get('conceptId'));
  // translationOfTermId: the terms of that term's concept (its translations), the term itself included.
  const translationOf = num(values.get('translationOfTermId'));
  const sameConcept =
    translationOf === null ? null : (terms.find((t) => t.id === translationOf)?.concept ?? NaN);
  if (userId === null && languageId === undefined && conceptId === null && translationOf === null)
    return null;
  return {
    key: JSON.stringify([userId, languageId, conceptId, translationOf]),
    test: (t) =>
      (userId === null || t.user === userId) &&
      (languageId === undefined || t.language === languageId) &&
      (conceptId === null || t.concept === conceptId) &&
      (sameConcept === null || t.concept === sameConcept),
  };
}
