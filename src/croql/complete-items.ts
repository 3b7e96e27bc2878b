// What completion offers, as items: fields, operators and keywords (described by the operator table),
// values, mentions, datetimes and the spec's query patterns as snippets.
import { specQueries } from './corpus.ts';
import { datetimeExamples } from './datetime.ts';
import { operatorBySpelling } from './operators.ts';
import { describeFieldType, type Equivalent } from './schema.ts';
import type { CompletionItem, FieldDef, ListingName } from './types.ts';

export function fieldItem(field: FieldDef, boost: number, apply = field.name): CompletionItem {
  const detail = describeFieldType(field.type) + (field.enterpriseOnly ? ' · enterprise only' : '');
  return { label: field.name, kind: 'field', apply, detail, description: field.description, boost };
}

/** Under a name the object lacks, the expression that says it (`is approved` → `count of approvals > 0`). */
export function equivalentItem(e: Equivalent): CompletionItem {
  return {
    label: e.name,
    kind: 'snippet',
    apply: e.write,
    detail: `→ ${e.write}`,
    description: `Not a field here; \`${e.write}\` says it.`,
    boost: -10,
  };
}

/** An operator or keyword, described by the operator table (`then`/`else` by their own line). */
export function opItem(op: string, boost = 0): CompletionItem {
  const word = /^[a-z]/.test(op);
  return {
    label: op,
    kind: word ? 'keyword' : 'operator',
    apply: op + ' ',
    detail: word ? 'keyword' : 'operator',
    description: KEYWORD_LINES[op] ?? operatorBySpelling(op)?.short,
    boost,
  };
}

const KEYWORD_LINES: Record<string, string> = {
  then: 'the value when the `if` condition holds',
  else: 'the value otherwise',
};

/** The spec's query patterns with their demo values turned into snippet placeholders. */
function snippetText(query: string): string {
  let datetimes = 0;
  return query
    .replace(/@user:"[^"]*"/g, '@user:"${username}"')
    .replace(/@language:"[^"]*"/g, '@language:"${language}"')
    .replace(/(?<!@user:|@language:)"(?!\$\{)[^"]*"/g, '"${text}"')
    .replace(/'[^']*'/g, () => (datetimes++ === 0 ? "'${from}'" : "'${to}'"))
    .replace(/id of file = \d+/g, 'id of file = ${file_id}');
}

export const SNIPPETS: Record<ListingName, CompletionItem[]> = (() => {
  const out: Record<ListingName, CompletionItem[]> = {
    strings: [],
    translations: [],
    tmSegments: [],
    glossaryTerms: [],
  };
  for (const q of specQueries) {
    out[q.context].push({
      label: q.intent,
      kind: 'snippet',
      apply: snippetText(q.text),
      detail: 'pattern',
      description: q.text,
      boost: -10,
    });
  }
  return out;
})();

/** Keeps items whose label, or one of its words, starts with what was typed (an editor re-filters anyway). */
export function matches(prefix: string, label: string): boolean {
  if (!prefix) return true;
  const p = prefix.toLowerCase().replace(/\s+/g, ' ');
  const l = label.toLowerCase();
  if (l.startsWith(p)) return true;
  for (let i = l.indexOf(' '); i >= 0; i = l.indexOf(' ', i + 1)) if (l.startsWith(p, i + 1)) return true;
  // camelCase words: `count` finds `usageCount`.
  const camel = label.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return camel !== l && matches(prefix, camel);
}

export function mentionStarters(): CompletionItem[] {
  return [
    // Snippets, so the editor puts the cursor between the quotes.
    { label: '@user:""', kind: 'snippet', apply: '@user:"${username}"', detail: 'user mention', boost: -8 },
    {
      label: '@language:""',
      kind: 'snippet',
      apply: '@language:"${code}"',
      detail: 'language mention',
      boost: -8,
    },
  ];
}

/** `'today'` and the other accepted forms filled with today's date (UTC), quoted or (`inside`) not. */
export function datetimeItems(now: Date, boost: number, inside: { close: string } | null): CompletionItem[] {
  const descriptions = ['Midnight UTC today', 'Midnight UTC of that day', 'An instant, in UTC'];
  return datetimeExamples(now).map((value, i) => ({
    label: inside ? value : `'${value}'`,
    kind: 'value',
    apply: inside ? value + inside.close : `'${value}'`,
    detail: i === 2 ? 'datetime (UTC)' : 'datetime',
    description: descriptions[i],
    boost: boost - i,
  }));
}
