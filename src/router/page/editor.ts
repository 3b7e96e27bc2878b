// The playground's CroQL editor (CodeMirror, the grammar, completion): the page's heaviest part, loaded
// apart from the rest of it. The entry (boot.ts) starts the download; the rules wait for it (SettingsPage.tsx).
export const loadEditor = () => import('../../editor/QueryEditor.tsx');
