import { useConnectionChoice } from '../connection/choice.ts';
import { applyDraft, restoreDraft, saveDraft, type Draft } from '../library/draft.ts';
import { useLibraryStore } from '../library/library.ts';
import { useWorkspace, type Target } from '../workspace/store.ts';
import { decodePermalink, prefillFromSearch, type Permalink } from './codec.ts';

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
  const decoded = decodePermalink(url.hash);
  const prefill = prefillFromSearch(url.search);
  // A new tab opens on the last draft of the others, unless a link says what to open.
  const draft = restoreDraft({ orLast: decoded.status === 'none' && prefill === null });
  let notice: StartupNotice | null = null;
  const workspace = useWorkspace.getState().actions;
  const linkText =
    decoded.status === 'ok'
      ? decoded.link.text
      : decoded.status === 'textOnly'
        ? decoded.text
        : decoded.status === 'invalid'
          ? null
          : prefill;
  const kept = draft && linkText !== null ? keepReplacedDraft(draft, linkText) : '';
  if (decoded.status === 'ok') {
    const { link } = decoded;
    if (link.params) workspace.restoreParams(link.params);
    workspace.replaceText(link.text);
    applyDraft({ text: link.text, context: link.context, target: targetOfLink(link) });
    const choice = useConnectionChoice.getState().actions;
    choice.setConnection(link.connection);
    if (link.domain) choice.setDomain(link.domain);
    notice = {
      kind: 'info',
      text: `Opened a shared query: its connection, project, listing and text are loaded.${kept}`,
    };
  } else if (decoded.status === 'textOnly') {
    workspace.replaceText(decoded.text);
    notice = { kind: 'warning', text: `${decoded.message}${kept}` };
  } else if (decoded.status === 'invalid') {
    notice = { kind: 'error', text: decoded.message };
  } else if (prefill !== null) {
    workspace.replaceText(prefill);
    notice = { kind: 'info', text: `The query from the link is loaded in the editor.${kept}` };
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

/**
 * A link is about to replace the draft: unless they hold the same text, the draft goes into the Library's
 * history (it survives any navigation there) and stays one Undo away in the editor. Returns the sentence
 * that tells the user so, or ''.
 */
function keepReplacedDraft(draft: Draft, linkText: string): string {
  if (draft.text.trim() === '' || draft.text === linkText) return '';
  const choice = useConnectionChoice.getState();
  useLibraryStore.getState().actions.addRun({
    text: draft.text,
    context: draft.context,
    target: draft.target,
    connection: choice.connection,
    domain: choice.domain || null,
  });
  return ' Your previous query is one Undo away (Ctrl+Z) and in the Library’s history.';
}
