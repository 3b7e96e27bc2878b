// The core's snippets use CodeMirror's placeholder syntax, `${name}` (src/croql/complete-items.ts). LSP
// clients and VS Code's snippet files number their tab stops: `${1:name}`, and `$0` where the cursor ends.
const PLACEHOLDER = /\$\{([^}]*)\}|#\{([^}]*)\}/g;

/** A CodeMirror snippet as an LSP/TextMate snippet: tab stops numbered in order, `$` and `\` escaped. */
export function lspSnippet(snippet: string): string {
  let n = 0;
  let out = '';
  let last = 0;
  for (const m of snippet.matchAll(PLACEHOLDER)) {
    out += escape(snippet.slice(last, m.index));
    const name = m[1] ?? m[2] ?? '';
    n++;
    out += name ? `\${${n}:${escape(name).replace(/}/g, '\\}')}}` : `$${n}`;
    last = m.index + m[0].length;
  }
  return out + escape(snippet.slice(last)) + '$0';
}

/** A snippet's text with each placeholder's name standing in its place (for hosts that take plain text). */
export function plainSnippet(snippet: string): string {
  return snippet.replace(PLACEHOLDER, (_, a?: string, b?: string) => a ?? b ?? '');
}

const escape = (text: string) => text.replace(/[\\$]/g, '\\$&');
