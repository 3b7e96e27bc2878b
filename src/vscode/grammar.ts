// The TextMate grammars and snippets of the extension, made from the core's own tables: the keywords of
// the tokenizer (src/croql/tokens.ts), the operator spellings of the operator table (src/croql/operators.ts)
// and the documented query patterns the core's completion offers as snippets (src/croql/complete-items.ts).
import { SNIPPETS } from '../croql/complete-items.ts';
import { OPERATOR_SYMBOLS } from '../croql/operators.ts';
import { KEYWORDS } from '../croql/tokens.ts';
import { LISTING_LABELS } from '../croql/schema.ts';
import type { ListingName } from '../croql/types.ts';
import { lspSnippet } from '../lsp/snippet.ts';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const LOGICAL = ['and', 'or', 'xor', 'not'];
const CONTROL = ['if', 'then', 'else'];
const words = (list: string[]) => `(?i)\\b(?:${list.join('|')})\\b`;

/** source.croql: a query, and the `# listing:` line a .croql file may start with. */
export function croqlGrammar(): object {
  const keywords = Object.keys(KEYWORDS);
  const other = keywords.filter((k) => !LOGICAL.includes(k) && !CONTROL.includes(k));
  // Longest first, so `>=` is one operator and not `>` then `=`.
  const operators = [...OPERATOR_SYMBOLS].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return {
    $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
    name: 'CroQL',
    scopeName: 'source.croql',
    patterns: [{ include: '#listing-line' }, { include: '#expression' }],
    repository: {
      'listing-line': {
        match: '^\\s*(?:#|//|--)\\s*listing\\s*:.*$',
        name: 'comment.line.listing.croql',
      },
      expression: {
        patterns: [
          { include: '#mention' },
          { include: '#string' },
          { include: '#datetime' },
          { include: '#number' },
          { match: words(LOGICAL), name: 'keyword.operator.logical.croql' },
          { match: words(CONTROL), name: 'keyword.control.conditional.croql' },
          { match: words(other), name: 'keyword.operator.word.croql' },
          { match: operators.join('|'), name: 'keyword.operator.croql' },
          { match: '[()]', name: 'punctuation.parenthesis.croql' },
          { match: '[A-Za-z_][A-Za-z0-9_]*', name: 'variable.other.property.croql' },
        ],
      },
      mention: {
        match: '(?i)(@(?:user|language))(:)("(?:[^"\\\\]|\\\\.)*"?)',
        captures: {
          1: { name: 'variable.other.constant.mention.croql' },
          2: { name: 'punctuation.separator.croql' },
          3: { name: 'string.quoted.double.croql' },
        },
      },
      string: {
        begin: '"',
        end: '"',
        name: 'string.quoted.double.croql',
        patterns: [{ match: '\\\\.', name: 'constant.character.escape.croql' }],
      },
      datetime: { match: "'[^']*'?", name: 'constant.other.datetime.croql' },
      number: { match: '\\b\\d+(?:\\.\\d+)?\\b', name: 'constant.numeric.croql' },
    },
  };
}

/**
 * inline.croql: the CroQL inside other languages, where the language server finds it (src/lsp/host-*.ts):
 * the literal of a `croql` property in JavaScript and TypeScript, and the quoted `--croql` argument of a
 * command line in shell scripts and YAML workflows.
 */
export function injectionGrammar(): object {
  const embedded = (begin: string) => ({
    begin,
    beginCaptures: {
      1: { name: 'variable.other.property.croql-host' },
      3: { name: 'punctuation.definition.string.begin' },
    },
    end: '\\3',
    endCaptures: { 0: { name: 'punctuation.definition.string.end' } },
    contentName: 'meta.embedded.inline.croql',
    patterns: [{ include: 'source.croql#expression' }],
  });
  return {
    scopeName: 'inline.croql',
    injectionSelector:
      'L:source.js -comment, L:source.js.jsx -comment, L:source.ts -comment, L:source.tsx -comment, L:source.yaml -comment, L:source.shell -comment',
    patterns: [
      embedded(`(\\bcroql|(?<=['"])croql(?=['"]))(['"]?\\s*:\\s*)(['"\`])`),
      embedded('(--croql)(=|\\s+)([\'"])'),
    ],
  };
}

/** VS Code snippets: the documented query patterns, per listing. */
export function snippets(): Record<string, { prefix: string; body: string; description: string }> {
  const out: Record<string, { prefix: string; body: string; description: string }> = {};
  for (const [listing, items] of Object.entries(SNIPPETS) as [
    ListingName,
    (typeof SNIPPETS)[ListingName],
  ][]) {
    for (const item of items) {
      const name = `${LISTING_LABELS[listing]}: ${item.label}`;
      out[name] = {
        prefix: item.label,
        body: lspSnippet(item.apply),
        description: `${name} — ${item.description ?? ''}`,
      };
    }
  }
  return out;
}

export const LANGUAGE_CONFIGURATION = {
  brackets: [['(', ')']],
  autoClosingPairs: [
    { open: '(', close: ')' },
    { open: '"', close: '"', notIn: ['string'] },
    { open: "'", close: "'", notIn: ['string'] },
  ],
  surroundingPairs: [
    ['(', ')'],
    ['"', '"'],
  ],
  wordPattern: '[A-Za-z_][A-Za-z0-9_]*',
};
