// A delivery's request as the view shows it: the body indented when it is JSON, and only its start at first
// when it is large (a 919 KB batch rendered whole froze the page for seconds: ui-walk D11).
import { bytes } from './format.ts';

/** How much of a body is drawn before "Show all": enough for several events, fast to lay out. */
export const BODY_PREVIEW_CHARS = 20_000;

/** A Copy as curl longer than this is said to be large before it goes on the clipboard. */
export const LARGE_COPY_BYTES = 100_000;

/** The body indented when it is JSON, else as sent. */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The start of `text` to draw, and how much is left out (0 when all of it fits). */
export function bodyPreview(text: string, all: boolean): { shown: string; hiddenChars: number } {
  if (all || text.length <= BODY_PREVIEW_CHARS) return { shown: text, hiddenChars: 0 };
  // Cut at a line end, so the last line drawn is whole.
  const end = text.lastIndexOf('\n', BODY_PREVIEW_CHARS);
  const cut = end > BODY_PREVIEW_CHARS / 2 ? end : BODY_PREVIEW_CHARS;
  return { shown: text.slice(0, cut), hiddenChars: text.length - cut };
}

/** What to say beside Copy as curl when the command is large; null when it is not. */
export function largeCopyNote(command: string): string | null {
  const size = new TextEncoder().encode(command).length;
  if (size <= LARGE_COPY_BYTES) return null;
  return `The command is ${bytes(size)} on one line: some terminals paste that slowly. Download fixture keeps the request in a file instead.`;
}
