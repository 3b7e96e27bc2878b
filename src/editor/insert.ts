/**
 * The change that puts `insert` at the selection [from, to) of `text`, with a space on either side where a
 * word would otherwise run into it. Pure.
 */
export function spacedInsertion(
  text: string,
  from: number,
  to: number,
  insert: string,
): { from: number; to: number; insert: string; cursor: number } {
  const before = text.slice(0, from);
  const after = text.slice(to);
  const lead = before === '' || /[\s(]$/.test(before) ? '' : ' ';
  const trail = after === '' || /^[\s)]/.test(after) ? '' : ' ';
  const full = lead + insert + trail;
  return { from, to, insert: full, cursor: from + lead.length + insert.length };
}
