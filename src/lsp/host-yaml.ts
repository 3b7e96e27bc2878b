// CroQL as a `--croql` argument inside a YAML file (a CI workflow's `run:` step). YAML reads a scalar before
// the shell sees it: `run: "… --croql 'say \"hi\"'"` hands bash `… --croql 'say "hi"'`, a `''` in a
// single-quoted scalar is one quote, and lines of a plain, quoted or folded scalar fold into spaces. So each
// scalar is decoded to its value first (each character mapped to where it is written), the shell words are
// read out of the value (host-shell.ts), and the two maps compose. The scalars are found with the `yaml`
// package's concrete syntax tree.
// An edit is written the shell word's way, then the scalar's, in place, and read back: where YAML would read
// it otherwise (a blank at a folded line's start or end, a line break in a scalar that folds it, `: ` or ` #`
// in a plain scalar), the scalar is written anew as a double-quoted one, which holds any text.
import { CST, Parser } from 'yaml';
import { shellRegions } from './host-shell.ts';
import { hostEdit, MappedText, type Region } from './region.ts';

type Style = 'plain' | 'single' | 'double' | 'literal' | 'folded';

interface Scalar {
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
}

const FLOW: Record<string, Style> = {
  scalar: 'plain',
  'single-quoted-scalar': 'single',
  'double-quoted-scalar': 'double',
};

/** The scalars of the document that may hold `--croql` (a `-` in their source), in document order. */
function croqlScalars(text: string): Scalar[] {
  const found: Scalar[] = [];
  const take = (token: CST.Token | undefined) => {
    if (!token) return;
    if (token.type in FLOW) {
      const t = token as CST.FlowScalar;
      if (t.source.includes('-'))
        found.push({
          style: FLOW[t.type]!,
          from: t.offset,
          offset: t.offset,
          source: t.source,
          indent: t.indent,
        });
    } else if (token.type === 'block-scalar') {
      const t = token as CST.BlockScalar;
      const props = t.props as CST.SourceToken[];
      const header = props.find((p) => p.type === 'block-scalar-header');
      const last = props[props.length - 1];
      if (header && last && t.source.includes('-'))
        found.push({
          style: header.source.startsWith('>') ? 'folded' : 'literal',
          from: header.offset,
          offset: last.offset + last.source.length,
          source: t.source,
          header: header.source,
          indent: t.indent,
        });
    }
  };
  // Walked with a stack of our own: a collection nested 10,000 deep would overflow a recursive walk.
  const stack: CST.Token[] = [...new Parser().parse(text)];
  while (stack.length > 0) {
    const token = stack.pop()!;
    take(token);
    if (token.type === 'document') {
      if (token.value) stack.push(token.value);
    } else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      for (const item of token.items) {
        if (item.key) stack.push(item.key);
        if (item.value) stack.push(item.value);
      }
    }
  }
  found.sort((a, b) => a.from - b.from);
  return found.filter((s, i) => i === 0 || s.from !== found[i - 1]!.from);
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
    const first = lines.find((l) => l.text.trim() !== '');
    indent = first ? /^ */.exec(first.text)![0].length : 0;
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
  if (lastText !== 'none') for (const b of tail) out.push('\n', base + b);
  return { ...out.finish(base + src.length), indent };
}

function decode(s: Scalar): { text: string; map: number[]; ends: number[]; indent: number } {
  return s.style === 'literal' || s.style === 'folded' ? decodeBlock(s) : { ...decodeFlow(s), indent: 0 };
}

/** Text as a double-quoted scalar holds it: every character the same after YAML reads it. */
function doubleQuoted(text: string): string {
  return text
    .replace(/[\\"]/g, '\\$&')
    .replace(/\n/g, '\\n')
    .replace(
      // Control characters (a tab aside) and the breaks YAML reads as line breaks, escaped.
      /(?!\t)[\p{Cc}\u2028\u2029]/gu,
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

/**
 * The document edit that makes the scalar's value `value`, changed at document [from, to) by `written` (text
 * in the scalar's writing): in place when YAML reads the result back as `value`, else the whole scalar as a
 * double-quoted one.
 */
function scalarEdit(
  s: Scalar,
  from: number,
  to: number,
  written: string,
  value: string,
): { from: number; to: number; text: string } {
  const at = from - s.offset;
  const source = s.source.slice(0, at) + written + s.source.slice(to - s.offset);
  const hazard = s.style === 'plain' && PLAIN_HAZARD.test(source);
  if (at >= 0 && !hazard && decode({ ...s, source }).text === value) return { from, to, text: written };
  const end = s.offset + s.source.length;
  // A block scalar's source ends with its line break; the next line stays where it was.
  const tail = s.style === 'literal' || s.style === 'folded' ? /\r?\n?$/.exec(s.source)![0] : '';
  return { from: s.from, to: end, text: `"${doubleQuoted(value)}"${tail}` };
}

/**
 * Past this (or nested deeper than MAX_FLOW_DEPTH), a YAML document is read as a shell script is: each
 * `--croql` word as the shell unquotes it, YAML's quoting aside. The yaml package parses 1 MB in 0.25–0.5 s
 * here (a first parse the slowest), and the server answers within 100 ms whatever the document (README.md
 * "Editors"); CI workflows are a few KB.
 */
export const YAML_PARSE_LIMIT = 32 * 1024;

/**
 * Whether brackets nest deeper than any workflow does (counted as if none were quoted): the yaml package
 * takes about 13 µs a level, so 10,000 of them would hold the server for 130 ms.
 */
function deeplyNested(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_FLOW_DEPTH) return true;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return false;
}
const MAX_FLOW_DEPTH = 100;

/** The `--croql` words of a YAML document's scalars, each mapped through the scalar and the shell word. */
export function yamlRegions(text: string, limit: number): { regions: Region[]; more: number } {
  // Most YAML files hold no query: nothing to parse.
  if (!text.includes('croql')) return { regions: [], more: 0 };
  if (text.length > YAML_PARSE_LIMIT || deeplyNested(text)) return shellRegions(text, limit);
  const regions: Region[] = [];
  let more = 0;
  for (const scalar of croqlScalars(text)) {
    const value = decode(scalar);
    if (!value.text.includes('--croql')) continue;
    const found = shellRegions(value.text, Math.max(0, limit - regions.length));
    more += found.more;
    // Value offset → document offset: where a character starts, and where its writing ends.
    const at = (v: number) => (v < value.text.length ? value.map[v]! : value.map[value.text.length]!);
    const endOf = (v: number) => (v > 0 ? value.ends[v - 1]! : value.map[0]!);
    const write = inPlace(scalar, value.indent);
    for (const word of found.regions) {
      const map = word.map!.map(at);
      regions.push({
        listing: word.listing,
        text: word.text,
        start: map[0]!,
        map,
        ends: word.ends!.map(endOf),
        encode: (q) => write(word.encode(q)),
        edit: (from, to, insert) => {
          // The shell word's edit of the value, then the scalar's edit that writes it.
          const e = hostEdit(word, from, to, insert);
          const next = value.text.slice(0, e.from) + e.text + value.text.slice(e.to);
          const hostTo = e.to > e.from ? endOf(e.to) : at(e.from);
          return scalarEdit(scalar, at(e.from), hostTo, write(e.text), next);
        },
        host: 'shell',
      });
    }
  }
  return { regions, more };
}
