// One analysis per document version, shared by every request on it: diagnostics, hover, code actions,
// semantic tokens and folding all read the regions and checked models made here. The models come from the
// core's memo (src/croql/checked-model.ts, the playground's), so a query analysed for a request is not
// analysed again for the next. Each query's Lezer tree is kept for the next version, which is parsed
// incrementally from it (src/croql/reparse.ts), as the playground's editor does: a keystroke in a 2 KB
// query reparses little more than the clause it is in (the lsp bench).
//
// The work per document is bounded before any parse: the core's input guard (src/croql/parse-guards.ts)
// refuses a query over its length limit or nested too deeply, a query with control characters (a binary
// file) is not parsed at all, and a document with more than MAX_REGIONS queries, or more query text than
// MAX_ANALYSED, has the rest left unchecked, and says so.
import { checkedModel } from '../croql/checked-model.ts';
import type { AnalyzeOptions, AnalyzeResult, Diagnostic } from '../croql/index.ts';
import { guardInput, MAX_QUERY_LENGTH, tooLong } from '../croql/parse-guards.ts';
import { changedRange, incrementalParser, reparse } from '../croql/reparse.ts';
import type { Tree } from '@lezer/common';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { contains, type Region } from './region.ts';
import { findRegions } from './regions.ts';

export const MAX_REGIONS = 200;
/** Query text analysed per document: two queries at the core's length limit. */
export const MAX_ANALYSED = 2 * MAX_QUERY_LENGTH;

export interface AnalysedRegion {
  region: Region;
  /** The checked model; null for text the server refuses to parse (binary). */
  model: AnalyzeResult | null;
  /** What the input guards say: the diagnostics of a refused query. */
  diagnostics: readonly Diagnostic[];
  /**
   * A clean Lezer tree of this query's text or of an earlier version of it: the next version, and the
   * texts completion analyses, are parsed incrementally from it (src/croql/reparse.ts).
   */
  base?: { text: string; tree: Tree };
  /**
   * Refused before parsing (too long, too deep, binary): the guard's diagnostic is all there is to say,
   * and completion, hover and colouring, which would scan the text again, answer nothing.
   */
  refused: boolean;
}

export interface Analysis {
  uri: string;
  version: number;
  regions: AnalysedRegion[];
  /** Queries left unchecked (past MAX_REGIONS or MAX_ANALYSED), for the message that says so. */
  skipped: number;
}

const NO_PARAMS = [] as const;

/** A control character other than tab, line feed and carriage return (or U+FFFD, an undecodable byte): no query has one; a binary file does. */
const isControl = (c: number) => (c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0x7f || c === 0xfffd;

function binary(text: string): Diagnostic | null {
  let at = 0;
  while (at < text.length && !isControl(text.charCodeAt(at))) at++;
  if (at === text.length) return null;
  const code = text.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0');
  return {
    code: 'croqlInvalidSyntax',
    reason: 'binary',
    severity: 'error',
    message: `This text has a control character (U+${code}) here, as a binary file does; a query is text, so it was not checked. Remove the character, or open the file in another language mode.`,
    from: at,
    to: at + 1,
  };
}

export class Analyses {
  private byUri = new Map<string, { version: number; options: AnalyzeOptions; analysis: Analysis }>();
  /** How many document analyses ran (tests check that requests share one). */
  runs = 0;

  constructor(private options: () => AnalyzeOptions) {}

  of(document: TextDocument): Analysis {
    const options = this.options();
    const cached = this.byUri.get(document.uri);
    if (cached && cached.version === document.version && cached.options === options) return cached.analysis;
    const analysis = this.analyse(document, options, cached?.analysis);
    this.byUri.set(document.uri, { version: document.version, options, analysis });
    return analysis;
  }

  forget(uri: string): void {
    this.byUri.delete(uri);
  }

  private analyse(document: TextDocument, options: AnalyzeOptions, last?: Analysis): Analysis {
    this.runs++;
    const found = findRegions(document.uri, document.languageId, document.getText(), MAX_REGIONS);
    const regions: AnalysedRegion[] = [];
    let budget = MAX_ANALYSED;
    let skipped = found.more;
    for (const region of found.regions) {
      if (budget <= 0) {
        skipped++;
        continue;
      }
      budget -= Math.min(region.text.length, MAX_QUERY_LENGTH);
      // A query past the length limit that its host read without keeping it all: refused as the core would.
      const refusal =
        region.cutLength !== undefined
          ? tooLong(region.cutLength)
          : region.text.length > MAX_QUERY_LENGTH
            ? null
            : binary(region.text);
      if (refusal) {
        regions.push({ region, model: null, diagnostics: [refusal], refused: true });
        continue;
      }
      // The query at the same place in the last version (a keystroke changes one query, and its text);
      // only when analyze() runs, not when the memo answers.
      const previous = last?.regions[regions.length]?.base;
      let base = previous;
      const tree = () => {
        const made = reparse(
          incrementalParser,
          region.text,
          previous && { tree: previous.tree, changes: [changedRange(previous.text, region.text)] },
        );
        if (made) base = { text: region.text, tree: made };
        return made;
      };
      const model = checkedModel(region.text, region.listing, options, NO_PARAMS, new Date(), { tree });
      const refused = guardInput(region.text).refused !== null;
      regions.push({ region, model, diagnostics: model.diagnostics, refused, base });
    }
    return { uri: document.uri, version: document.version, regions, skipped };
  }
}

/** The region at host offset `offset`, if the cursor is in a query. */
export function regionAt(analysis: Analysis, offset: number): AnalysedRegion | undefined {
  return analysis.regions.find((r) => contains(r.region, offset));
}
