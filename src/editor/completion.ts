// Completion: the core's complete() (schema, keywords, values, snippets), plus the project's members
// found by the service's `search` after `@user:"` (debounced, abandoned on the next keystroke).
import {
  autocompletion,
  snippetCompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { complete, type CompletionItem } from '../croql/index.ts';
import { croqlConfig, type SearchUsers } from './config.ts';

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
      apply: `${u.username.replace(/["\\]/g, '\\$&')}"`,
    }));
  } catch {
    return [];
  }
}

export async function croqlCompletionSource(context: CompletionContext): Promise<CompletionResult | null> {
  const { state, pos } = context;
  const text = state.doc.toString();
  const config = state.field(croqlConfig);
  const result = complete(text, pos, config.context, config.values);
  const mention = config.searchUsers ? userMentionAt(text, pos) : null;
  if (!result && !mention) return null;
  if (!result && !context.explicit && !mention) return null;

  const options = result ? result.items.map(toCompletion) : [];
  if (mention && config.searchUsers) {
    const seen = new Set(options.map((o) => o.label.toLowerCase()));
    for (const found of await searchMembers(context, config.searchUsers, mention)) {
      if (!seen.has(found.label.toLowerCase())) options.push(found);
    }
    if (context.aborted) return null;
  }
  if (options.length === 0) return null;
  return {
    from: result?.from ?? mention!.from,
    to: result?.to ?? pos,
    options,
    // Let CodeMirror filter as the user keeps typing a word; anything else asks the core again. A member
    // name is searched on the server, so it asks again on every keystroke (debounced above).
    ...(mention ? {} : { validFor: /^[\w ]*$/ }),
  };
}

export function croqlAutocompletion() {
  return autocompletion({ override: [croqlCompletionSource], activateOnTyping: true, icons: false });
}
