import { useConnectionChoice } from '../connection/choice.ts';
import type { Target } from '../connection/target.ts';
import { useQueryStore } from '../query/store.ts';
import { decodePermalink, prefillFromSearch, type Permalink } from './codec.ts';
import { applyDraft, readDraft, saveDraft } from './draft.ts';

export interface StartupNotice {
  kind: 'warning' | 'error' | 'info';
  text: string;
}

/** The link's listing id in the target's shape. */
export function targetOfLink(link: Permalink): Target {
  return {
    projectId: link.projectId,
    languageId: link.context === 'translations' && typeof link.listingId === 'string' ? link.listingId : null,
    tmId: link.context === 'tmSegments' && typeof link.listingId === 'number' ? link.listingId : null,
    glossaryId:
      link.context === 'glossaryTerms' && typeof link.listingId === 'number' ? link.listingId : null,
  };
}

/**
 * Decides what the page opens with: a permalink in the fragment, else a `?croql=` prefill, else the draft
 * kept from before a reload or the sign-in redirect. The fragment and `croql` parameter are then removed
 * from the address (the draft holds them), so a reload keeps later edits. Returns a notice to show, if any.
 */
export function restoreAtStartup(url: URL): StartupNotice | null {
  const draft = readDraft();
  if (draft) applyDraft(draft);
  let notice: StartupNotice | null = null;

  const decoded = decodePermalink(url.hash);
  const prefill = prefillFromSearch(url.search);
  const query = useQueryStore.getState().actions;
  if (decoded.status === 'ok') {
    const { link } = decoded;
    applyDraft({ text: link.text, context: link.context, target: targetOfLink(link) });
    const choice = useConnectionChoice.getState().actions;
    choice.setConnection(link.connection);
    if (link.domain) choice.setDomain(link.domain);
    notice = {
      kind: 'info',
      text: 'Opened a shared query: its connection, project, listing and text are loaded.',
    };
  } else if (decoded.status === 'textOnly') {
    query.setText(decoded.text);
    notice = { kind: 'warning', text: decoded.message };
  } else if (decoded.status === 'invalid') {
    notice = { kind: 'error', text: decoded.message };
  } else if (prefill !== null) {
    query.setText(prefill);
    notice = { kind: 'info', text: 'The query from the link is loaded in the editor.' };
  }

  if (url.hash || prefill !== null) {
    const search = new URLSearchParams(url.search);
    search.delete('croql');
    const rest = search.toString();
    history.replaceState(history.state, '', `${url.pathname}${rest ? `?${rest}` : ''}`);
  }
  saveDraft();
  return notice;
}
