// The slot an editor panel opens in: the editor stand-in (a page acting as Crowdin's editor for a project and
// language, the panel framed at its right) is built on another branch; until it lands, opening an editor
// panel says so. It takes the opened page (src/wire/app-modules.ts) and answers what the view shows instead.
import type { ModulePageResponse } from '../wire/app-modules.ts';

export interface EditorStandInResult {
  /** Shown in the Apps view where the panel would be. */
  message: string;
}

/** Opens the editor stand-in with an editor panel's page. */
export function openEditorStandIn(page: ModulePageResponse): EditorStandInResult {
  return {
    message: `The editor stand-in for ${page.type} "${page.moduleKey}" is coming; meanwhile its URL opens it as ${page.user.username}: ${page.url}`,
  };
}
