// A YAML scalar (plain, '…', "…", | or >), read and written as YAML reads it: its value with each character
// mapped to where it is written (escapes, `''`, folded line breaks, block indentation and chomping), and an
// edit of that value written in place and read back: where YAML would read it otherwise (a blank at a folded
// line's start or end, a line break in a scalar that folds it, `: ` or ` #` in a plain scalar, a line indented
// out of its node), the whole scalar is written anew as a double-quoted one, which holds any text (and is a
// JSON string too). Where the scalars are and what they hold is host-yaml.ts's.
import { MappedText } from './region.ts';

export type Style = 'plain' | 'single' | 'double' | 'literal' | 'folded';

export interface Scalar {
  style: Style;
  /** Document offset where the scalar starts (a block scalar's header included). */
  from: number;
  /** Document offset of the scalar's source (for a block scalar, of its first content line). */
  offset: number;
  source: string;
  /** A block scalar's header (`|`, `>-`, `|2+`…). */
  header?: string;
  /** The indentation of the node the scalar belongs to (a block scalar's content is indented further). */
  indent: number;
  /** Inside a flow collection (`[…]`, `{…}`), where a plain scalar also ends at `,`, `[`, `]`, `{` and `}`. */
  flow: boolean;
}

const DOUBLE_ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_ESCAPES: Record<string, number> = { x: 2, u: 4, U: 8 };

/**
 * A plain or quoted scalar's value, as YAML folds it: spaces and tabs around a line break go, a break
 * becomes a space, or n line breaks when n empty lines follow it. A double-quoted scalar's escapes are read,
 * and a backslash before a break joins the lines (empty lines after it are line breaks, as the YAML spec and
 * PyYAML read them; the yaml package reads a space there).
 */
function decodeFlow(s: Scalar): { text: string; map: number[]; ends: number[] } {
  const src = s.source;
  const base = s.offset;
  const out = new MappedText();
  const quoted = s.style !== 'plain';
  let end = quoted ? src.length - 1 : src.length;
  /** Blanks not yet known to be inside a line (dropped before a break). */
  let blanks: number[] = [];
  const flushBlanks = () => {
    for (const b of blanks) out.push(src[b]!, base + b);
    blanks = [];
  };
  /** Reads the break at `i` and the empty lines after it; returns where the next line's text starts. */
  const fold = (i: number, joined: boolean): number => {
    blanks = [];
    let j = i;
    const breaks: number[] = [];
    for (;;) {
      const start = j;
      if (src[j] === '\r' && src[j + 1] === '\n') j += 2;
      else if (src[j] === '\n') j += 1;
      else break;
      breaks.push(start);
      while (j < end && (src[j] === ' ' || src[j] === '\t')) j++;
    }
    const empties = breaks.slice(1);
    if (empties.length === 0 && !joined) out.push(' ', base + i, base + j);
    for (const e of empties) out.push('\n', base + e, base + e + 1);
    return j;
  };
  let i = quoted ? 1 : 0;
  if (!quoted) while (end > 0 && /[ \t\r\n]/.test(src[end - 1]!)) end--;
  while (i < end) {
    const c = src[i]!;
    if (c === '\n' || (c === '\r' && src[i + 1] === '\n')) {
      i = fold(i, false);
    } else if (c === ' ' || c === '\t') {
      blanks.push(i);
      i++;
    } else if (s.style === 'single' && c === "'" && src[i + 1] === "'") {
      flushBlanks();
      out.push("'", base + i, base + i + 2);
      i += 2;
    } else if (s.style === 'double' && c === '\\') {
      flushBlanks();
      const e = src[i + 1] ?? '';
      if (e === '\n' || (e === '\r' && src[i + 2] === '\n')) {
        i = fold(i + 1, true);
      } else if (e in HEX_ESCAPES) {
        const n = HEX_ESCAPES[e]!;
        out.push(String.fromCodePoint(parseInt(src.slice(i + 2, i + 2 + n), 16)), base + i, base + i + 2 + n);
        i += 2 + n;
      } else {
        out.push(DOUBLE_ESCAPES[e] ?? e, base + i, base + i + 2);
        i += 2;
      }
    } else {
      flushBlanks();
      out.push(c, base + i);
      i++;
    }
  }
  flushBlanks();
  return out.finish(base + end);
}

/**
 * A block scalar's value: its lines without the content's indentation, kept (`|`) or folded (`>`: a break
 * between two lines of text that start unindented is a space, or the empty lines after it), with the final
 * breaks chomped as its header says.
 */
function decodeBlock(s: Scalar): { text: string; map: number[]; ends: number[]; indent: number } {
  const src = s.source;
  const base = s.offset;
  const explicit = /[1-9]/.exec(s.header ?? '');
  const lines: { at: number; text: string; brk: number | null }[] = [];
  for (let at = 0; at < src.length;) {
    const nl = src.indexOf('\n', at);
    const stop = nl < 0 ? src.length : nl;
    const cr = stop > at && src[stop - 1] === '\r' ? 1 : 0;
    lines.push({ at, text: src.slice(at, stop - cr), brk: nl < 0 ? null : stop - cr });
    at = nl < 0 ? src.length : nl + 1;
  }
  let indent = explicit ? s.indent + Number(explicit[0]) : 0;
  if (!explicit) {
    // The first line with more than spaces (a tab is content here, not indentation); with none, every
    // line is empty.
    const first = lines.find((l) => /[^ ]/.test(l.text));
    indent = first ? /^ */.exec(first.text)![0].length : Math.max(0, ...lines.map((l) => l.text.length));
  }
  const out = new MappedText();
  const folded = s.style === 'folded';
  // Breaks waiting to be written: a run of them ends at the next line of text, which decides their fold.
  let pending: number[] = [];
  let lastText: 'none' | 'plain' | 'spaced' = 'none';
  for (const line of lines) {
    // An empty line is indented no further than the content (spaces past it are text).
    if (/^ *$/.test(line.text) && line.text.length <= indent) {
      if (line.brk !== null) pending.push(line.brk);
      continue;
    }
    const content = line.text.slice(indent);
    const spaced = content[0] === ' ' || content[0] === '\t';
    if (lastText !== 'none') {
      const foldable = folded && lastText === 'plain' && !spaced;
      if (foldable && pending.length === 1) out.push(' ', base + pending[0]!);
      else for (const b of foldable ? pending.slice(1) : pending) out.push('\n', base + b);
    } else {
      for (const b of pending) out.push('\n', base + b);
    }
    pending = [];
    for (let k = 0; k < content.length; k++) out.push(content[k]!, base + line.at + indent + k);
    if (line.brk !== null) pending.push(line.brk);
    lastText = spaced ? 'spaced' : 'plain';
  }
  const chomp = /[+-]/.exec(s.header ?? '')?.[0];
  const tail = chomp === '-' ? [] : chomp === '+' ? pending : pending.slice(0, 1);
  // Empty lines alone are the value's line breaks when it keeps them (`|+`), else nothing.
  if (lastText !== 'none' || chomp === '+') for (const b of tail) out.push('\n', base + b);
  return { ...out.finish(base + src.length), indent };
}

export function decode(s: Scalar): { text: string; map: number[]; ends: number[]; indent: number } {
  return s.style === 'literal' || s.style === 'folded' ? decodeBlock(s) : { ...decodeFlow(s), indent: 0 };
}

/**
 * Text as a double-quoted scalar holds it: every character the same after YAML reads it, and valid as a
 * JSON string too (which takes no raw tab).
 */
function doubleQuoted(text: string): string {
  return text
    .replace(/[\\"]/g, '\\$&')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t')
    .replace(
      // Other control characters and the breaks YAML reads as line breaks, escaped.
      /[\p{Cc}\u2028\u2029]/gu,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
}

/** How text is written into a scalar of this style, in place (read back before it is used). */
function inPlace(s: Scalar, indent: number): (text: string) => string {
  switch (s.style) {
    case 'double':
      return doubleQuoted;
    case 'single':
      return (t) => t.replace(/'/g, "''");
    case 'literal':
      return (t) => t.replace(/\r?\n/g, `\n${' '.repeat(indent)}`);
    default:
      return (t) => t;
  }
}

/** A plain scalar that text in it would end, or turn into a key or a comment. */
const PLAIN_HAZARD = /: |:\t|:$| #|\t#|^[-?:,[\]{}#&*!|>'"%@`]/m;
/** What ends a plain scalar inside a flow collection, or turns it into a key there. */
const FLOW_PLAIN_HAZARD = /[,[\]{}]|:$/;
/** A plain scalar YAML reads as no string (the core schema's null, booleans and numbers). */
const NOT_A_STRING =
  /^(?:|~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$/;

/** The spaces before each line after the first of `source` that has more than blanks. */
function continuationIndents(source: string): number[] {
  return source
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => /[^ \t]/.test(line))
    .map((line) => /^ */.exec(line)![0].length);
}

/**
 * Whether a flow scalar's lines after its first are still indented past its node's (YAML refuses a line
 * indented less): as far as they were, or one past the line the scalar is on.
 */
function indentedEnough(s: Scalar, source: string): boolean {
  if (s.style === 'literal' || s.style === 'folded' || !/[\r\n]/.test(source)) return true;
  const need = Math.min(s.indent + 1, ...continuationIndents(s.source));
  return continuationIndents(source).every((n) => n >= need);
}

/**
 * Whether a block scalar's edited source is still all of it, read alike by every reader: its content is
 * indented past its node (a line indented less ends it), it still ends with its line break (else the next
 * line joins it), and no line of blanks is indented past the content (the spec reads such a line as
 * blanks, the yaml package as an empty line).
 */
function blockHolds(s: Scalar, source: string, indent: number): boolean {
  const lines = source.split(/\r?\n/);
  return (
    indent > s.indent &&
    source.endsWith('\n') === s.source.endsWith('\n') &&
    lines.every((line) =>
      /[^ \t]/.test(line) ? /^ */.exec(line)![0].length >= indent : line.length <= indent,
    )
  );
}

/**
 * The document edit that makes the scalar's value `value`, changed at document [from, to) by `written` (text
 * in the scalar's writing): in place when YAML reads the result back as `value`, else the whole scalar as a
 * double-quoted one.
 */
export function scalarEdit(
  s: Scalar,
  from: number,
  to: number,
  written: string,
  value: string,
): { from: number; to: number; text: string } {
  const at = from - s.offset;
  const source = s.source.slice(0, at) + written + s.source.slice(to - s.offset);
  const hazard =
    s.style === 'plain' &&
    (PLAIN_HAZARD.test(source) ||
      (s.flow && FLOW_PLAIN_HAZARD.test(source)) ||
      // A blank before a plain scalar separates it from its indicator; it is not the value's.
      /^[ \t]/.test(source) ||
      NOT_A_STRING.test(value));
  if (at >= 0 && !hazard && indentedEnough(s, source)) {
    const read = decode({ ...s, source });
    const block = s.style === 'literal' || s.style === 'folded';
    const inside = !block || blockHolds(s, source, read.indent);
    if (inside && read.text === value) return { from, to, text: written };
  }
  const end = s.offset + s.source.length;
  // A block scalar's source ends with its line break; the next line stays where it was.
  const tail = s.style === 'literal' || s.style === 'folded' ? /\r?\n?$/.exec(s.source)![0] : '';
  return { from: s.from, to: end, text: `"${doubleQuoted(value)}"${tail}` };
}

/** A scalar's value, with where each of its characters is written and how text is written into it. */
export function readScalar(scalar: Scalar) {
  const value = decode(scalar);
  const n = value.text.length;
  return {
    text: value.text,
    /** Value offset → document offset where the character starts (the content's end past the last). */
    at: (v: number) => value.map[Math.min(v, n)]!,
    /** Value offset → document offset where the writing of the character before it ends. */
    endOf: (v: number) => (v > 0 ? value.ends[v - 1]! : value.map[0]!),
    write: inPlace(scalar, value.indent),
  };
}
