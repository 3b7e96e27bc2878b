// CroQL as a `--croql` argument inside a YAML file (a CI workflow's `run:` step) or a JSON one (an npm
// script, a VS Code task). YAML reads a scalar before the shell sees it: `run: "… --croql 'say \"hi\"'"` hands
// bash `… --croql 'say "hi"'`, a `''` in a single-quoted scalar is one quote, and lines of a plain, quoted or
// folded scalar fold into spaces. So each scalar is decoded to its value first (each character mapped to where
// it is written), the shell words are read out of the value (host-shell.ts), and the two maps compose. A
// command written as a list of arguments (`args: [string, list, --croql, is hidden]`, run with no shell) has
// its query in the item after a `--croql` item, or in an item `--croql=…`: that value is the query as it is.
// The scalars are found with the `yaml` package's concrete syntax tree (JSON is YAML to it), and read and
// written by yaml-scalar.ts: an edit is written the shell word's way, then the scalar's.
import { CST, Parser } from 'yaml';
import { shellRegions } from './host-shell.ts';
import { hostEdit, type Region } from './region.ts';
import { readScalar, scalarEdit, type Scalar, type Style } from './yaml-scalar.ts';

/**
 * A scalar that is a `--croql` argument by itself, in a command written as a list: the item after a
 * `--croql` item, or an item `--croql=…` (`skip`: the characters of its value before the query).
 */
interface Argument {
  scalar: Scalar;
  skip: number;
  /** The scalar's value, when it was read already (an item `--croql=…`, read to be found). */
  value?: ReturnType<typeof readScalar>;
}

const FLOW: Record<string, Style> = {
  scalar: 'plain',
  'single-quoted-scalar': 'single',
  'double-quoted-scalar': 'double',
};

/** The scalar `token` is, if it is one. */
function scalarOf(token: CST.Token | undefined, flow: boolean): Scalar | null {
  if (!token) return null;
  if (token.type in FLOW) {
    const t = token as CST.FlowScalar;
    return {
      style: FLOW[t.type]!,
      from: t.offset,
      offset: t.offset,
      source: t.source,
      indent: t.indent,
      flow,
    };
  }
  if (token.type !== 'block-scalar') return null;
  const t = token as CST.BlockScalar;
  const props = t.props as CST.SourceToken[];
  const header = props.find((p) => p.type === 'block-scalar-header');
  const last = props[props.length - 1];
  if (!header || !last) return null;
  return {
    style: header.source.startsWith('>') ? 'folded' : 'literal',
    from: header.offset,
    offset: last.offset + last.source.length,
    source: t.source,
    header: header.source,
    indent: t.indent,
    flow,
  };
}

/** The `--croql` arguments among a sequence's items (a command written as a list of its arguments). */
function argumentsOf(items: CST.CollectionItem[], flow: boolean): Argument[] {
  const found: Argument[] = [];
  for (let k = 0; k < items.length; k++) {
    const item = items[k]!;
    // Compared by value: `--croql`, `"--croql"` and `'--croql'` are the same item.
    const flag = item.key ? null : scalarOf(item.value, flow);
    if (!flag) continue;
    const value = readScalar(flag);
    if (value.text.startsWith('--croql=')) found.push({ scalar: flag, skip: '--croql='.length, value });
    else if (value.text === '--croql') {
      const next = items[k + 1];
      const query = next && !next.key ? scalarOf(next.value, flow) : null;
      if (query) found.push({ scalar: query, skip: 0 });
    }
  }
  return found;
}

/**
 * The scalars of the document that may hold a command line with `--croql` (a `-` in their source), and
 * the `--croql` arguments of commands written as lists, each in document order.
 */
function croqlScalars(text: string): { lines: Scalar[]; args: Argument[] } {
  const lines: Scalar[] = [];
  const args: Argument[] = [];
  // Walked with a stack of our own: a collection nested 10,000 deep would overflow a recursive walk.
  const stack: { token: CST.Token; flow: boolean }[] = [...new Parser().parse(text)].map((token) => ({
    token,
    flow: false,
  }));
  while (stack.length > 0) {
    const { token, flow } = stack.pop()!;
    const scalar = scalarOf(token, flow);
    if (scalar) {
      if (scalar.source.includes('-')) lines.push(scalar);
    } else if (token.type === 'document') {
      if (token.value) stack.push({ token: token.value, flow });
    } else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      const inner = flow || token.type === 'flow-collection';
      const sequence =
        token.type === 'block-seq' || (token.type === 'flow-collection' && token.start.source === '[');
      if (sequence) args.push(...argumentsOf(token.items, inner));
      for (const item of token.items) {
        if (item.key) stack.push({ token: item.key, flow: inner });
        if (item.value) stack.push({ token: item.value, flow: inner });
      }
    }
  }
  // An item `--croql=…` is the query itself, not a command line to read for one.
  const asArguments = new Set(args.map((a) => a.scalar.from));
  lines.sort((a, b) => a.from - b.from);
  return {
    lines: lines.filter((s, i) => (i === 0 || s.from !== lines[i - 1]!.from) && !asArguments.has(s.from)),
    args: args.sort((a, b) => a.scalar.from - b.scalar.from),
  };
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

/** The `--croql` words of a command line in a scalar, each mapped through the scalar and the shell word. */
function lineRegions(scalar: Scalar, limit: number): { regions: Region[]; more: number } {
  const value = readScalar(scalar);
  if (!value.text.includes('--croql')) return { regions: [], more: 0 };
  const { at, endOf, write } = value;
  const found = shellRegions(value.text, limit);
  const regions = found.regions.map((word): Region => {
    const map = word.map!.map(at);
    return {
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
    };
  });
  return { regions, more: found.more };
}

/** The query of a command's `--croql` item: the scalar's value (after `--croql=`), as no shell reads it. */
function argumentRegion({ scalar, skip, value = readScalar(scalar) }: Argument): Region {
  const { at, endOf, write } = value;
  const n = value.text.length;
  const map = Array.from({ length: n - skip + 1 }, (_, i) => at(skip + i));
  return {
    // crowdin-cli sends its `--croql` to the strings listing (host-shell.ts).
    listing: 'strings',
    text: value.text.slice(skip),
    start: map[0]!,
    map,
    ends: Array.from({ length: n - skip }, (_, i) => endOf(skip + i + 1)),
    encode: write,
    edit: (from, to, insert) => {
      const [f, t] = [skip + from, skip + to];
      const next = value.text.slice(0, f) + insert + value.text.slice(t);
      // At the end, past the last character's writing (before a closing quote or a block scalar's break).
      const hostFrom = f === n && f > 0 ? endOf(f) : at(f);
      return scalarEdit(scalar, hostFrom, t > f ? endOf(t) : hostFrom, write(insert), next);
    },
    host: 'yaml',
  };
}

/**
 * JSON with comments (VS Code's settings and tasks) as YAML reads it: each comment blanked out, every
 * offset kept. A comment is no string, and YAML would read `//` as text.
 */
function blankJsonComments(text: string): string {
  if (!text.includes('/')) return text;
  let out = '';
  let copied = 0;
  const blank = (from: number, to: number) => {
    out += text.slice(copied, from) + text.slice(from, to).replace(/[^\r\n]/g, ' ');
    copied = to;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    } else if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      const to = nl < 0 ? text.length : nl;
      blank(i, to);
      i = to;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      const to = close < 0 ? text.length : close + 2;
      blank(i, to);
      i = to - 1;
    }
  }
  return out + text.slice(copied);
}

/**
 * The queries of a YAML document (or of a JSON one, `json`): the `--croql` words of its scalars' command
 * lines and its commands' `--croql` items, in document order.
 */
export function yamlRegions(text: string, limit: number, json = false): { regions: Region[]; more: number } {
  // Most YAML files hold no query: nothing to parse.
  if (!text.includes('croql')) return { regions: [], more: 0 };
  if (text.length > YAML_PARSE_LIMIT || deeplyNested(text))
    // A JSON string is no shell word: read as a shell script, `\"` would read wrong.
    return json ? { regions: [], more: 0 } : shellRegions(text, limit);
  const { lines, args } = croqlScalars(json ? blankJsonComments(text) : text);
  const regions: Region[] = args.map(argumentRegion);
  let more = 0;
  for (const scalar of lines) {
    const found = lineRegions(scalar, Math.max(0, limit - regions.length));
    regions.push(...found.regions);
    more += found.more;
  }
  regions.sort((a, b) => a.start - b.start);
  return { regions: regions.slice(0, limit), more: more + Math.max(0, regions.length - limit) };
}
