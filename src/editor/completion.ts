// Completion: the core's complete() (schema, keywords, values, snippets), plus the project's members
// found by the service's `search` after `@user:"` (debounced, abandoned on the next keystroke).
import {
  autocompletion,
  snippetCompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { ViewPlugin } from '@codemirror/view';
import { escapeString, type CompletionItem } from '../croql/index.ts';
import { templateParamSource } from './placeholders.ts';
import { croqlConfig, type SearchUsers } from './config.ts';
import { croqlParser } from './language.ts';
import { treeOf } from './lint-tree.ts';

export const MEMBER_SEARCH_DEBOUNCE_MS = 150;

const TYPE_OF_KIND: Record<CompletionItem['kind'], string> = {
  field: 'property',
  keyword: 'keyword',
  operator: 'keyword',
  value: 'constant',
  mention: 'variable',
  snippet: 'text',
};

function toCompletion(item: CompletionItem): Completion {
  const base: Completion = {
    label: item.label,
    type: TYPE_OF_KIND[item.kind],
    ...(item.detail ? { detail: item.detail } : {}),
    ...(item.description ? { info: item.description } : {}),
    ...(item.boost !== undefined ? { boost: Math.max(-99, Math.min(99, item.boost)) } : {}),
  };
  if (item.kind === 'snippet') return snippetCompletion(item.apply, base);
  return { ...base, apply: item.apply };
}

/** Where the typed user name starts when the cursor is inside `@user:"…`, else null. */
export function userMentionAt(text: string, pos: number): { from: number; search: string } | null {
  const before = text.slice(Math.max(0, pos - 200), pos);
  const m = /@user:"((?:[^"\\]|\\.)*)$/i.exec(before);
  if (!m) return null;
  return { from: pos - m[1]!.length, search: m[1]! };
}

function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => resolve(true), ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

async function searchMembers(
  context: CompletionContext,
  searchUsers: SearchUsers,
  mention: { from: number; search: string },
): Promise<Completion[]> {
  const controller = new AbortController();
  context.addEventListener('abort', () => controller.abort(), { onDocChange: true });
  if (!(await sleep(MEMBER_SEARCH_DEBOUNCE_MS, controller.signal))) return [];
  try {
    const users = await searchUsers(mention.search, controller.signal);
    return users.map((u) => ({
      label: u.username,
      type: 'variable',
      detail: u.fullName ?? 'member',
      // Inside the mention's open quote: the name escaped, then the closing quote.
      apply: `${escapeString(u.username)}"`,
    }));
  } catch {
    return [];
  }
}

// The core's completion (and its tables of names, docs and snippets) is not needed for the first screen: it
// loads when the editor view appears (`preloadCompletion`), and a completion asked for before it arrives
// waits for it.
type CompleteTemplate = typeof import('../croql/template-complete.ts').completeTemplate;
let completeTemplate: CompleteTemplate | null = null;
let loading: Promise<CompleteTemplate> | null = null;
function loadCompletion(): Promise<CompleteTemplate> {
  loading ??= import('../croql/template-complete.ts').then((m) => (completeTemplate = m.completeTemplate));
  return loading;
}

/** The core's completion: schema names, keywords, operators, known values, snippets. */
export function croqlCompletionSource(
  context: CompletionContext,
): CompletionResult | null | Promise<CompletionResult | null> {
  if (!completeTemplate)
    return loadCompletion().then((run) => (context.aborted ? null : answer(context, run)));
  return answer(context, completeTemplate);
}

function answer(context: CompletionContext, run: CompleteTemplate): CompletionResult | null {
  const { state, pos } = context;
  const config = state.field(croqlConfig);
  const text = state.doc.toString();
  // The editor's own tree: the text before the cursor that completion analyses is parsed incrementally from
  // it, not from scratch on every keystroke (complete.ts's `base`).
  const tree = treeOf(state);
  let result;
  try {
    result = run(text, pos, config.context, config.values, config.templateParams, {
      edition: config.edition,
      ...(tree ? { base: { text, tree, parser: croqlParser } } : {}),
    });
  } catch (error) {
    // A bug in the core: logged, and the editor keeps working without completion at this point.
    console.error('CroQL completion failed', error);
    return null;
  }
  if (!result || result.items.length === 0) return null;
  // No validFor: the core answers again on every keystroke (about a millisecond), so after a finished
  // name (`is hidden `) the operators come next instead of a filtered-out list of names.
  return { from: result.from, to: result.to, options: result.items.map(toCompletion) };
}

/**
 * Members the service finds for the name typed after `@user:"` (its `search` parameter), beyond those the
 * core already offers from the loaded member list. A second source, so the core's items never wait for it.
 */
export function memberSearchSource(context: CompletionContext): Promise<CompletionResult | null> | null {
  const config = context.state.field(croqlConfig);
  const searchUsers = config.searchUsers;
  // Synchronously nothing outside a mention, so ordinary typing never leaves a completion pending.
  const mention = searchUsers ? userMentionAt(context.state.doc.toString(), context.pos) : null;
  if (!searchUsers || !mention) return null;
  const known = new Set((config.values.users ?? []).map((u) => u.username.toLowerCase()));
  return searchMembers(context, searchUsers, mention).then((found) => {
    if (context.aborted) return null;
    const options = found.filter((o) => !known.has(o.label.toLowerCase()));
    return options.length ? { from: mention.from, to: context.pos, options } : null;
  });
}

// Started by the view, not by building the extensions: an editor state without a view (a unit test, a
// server) never asks for completion, and a load it started would still be running when it is gone.
const preloadCompletion = ViewPlugin.define(() => {
  void loadCompletion();
  return {};
});

export function croqlAutocompletion() {
  return [
    preloadCompletion,
    autocompletion({
      override: [croqlCompletionSource, memberSearchSource, templateParamSource],
      activateOnTyping: true,
      icons: false,
    }),
  ];
}
