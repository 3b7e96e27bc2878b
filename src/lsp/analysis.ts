// One analysis per document version, shared by every request on it: diagnostics, hover, code actions,
// semantic tokens and folding all read the regions and checked models made here. The models come from the
// core's memo (src/croql/checked-model.ts, the playground's), so a query analysed for a request is not
// analysed again for the next. The work per document is bounded: the core's input guard refuses a query
// over its length limit before parsing, and a document with more queries than MAX_REGIONS, or more query
// text than MAX_ANALYSED, has the rest left unanalysed (and says so).
import { MAX_QUERY_LENGTH } from '../croql/parse.ts';
import { checkedModel } from '../croql/checked-model.ts';
import type { AnalyzeOptions, AnalyzeResult } from '../croql/index.ts';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { contains, type Region } from './region.ts';
import { findRegions } from './regions.ts';

export const MAX_REGIONS = 200;
/** Query text analysed per document: four queries at the core's length limit. */
export const MAX_ANALYSED = 4 * MAX_QUERY_LENGTH;

export interface AnalysedRegion {
  region: Region;
  model: AnalyzeResult;
}

export interface Analysis {
  uri: string;
  version: number;
  regions: AnalysedRegion[];
  /** Set when queries were left unanalysed: how many, for the message that says so. */
  skipped: number;
}

const NO_PARAMS = [] as const;

export class Analyses {
  private byUri = new Map<string, { version: number; options: AnalyzeOptions; analysis: Analysis }>();
  /** How many analyses ran (tests check that requests share one). */
  runs = 0;

  constructor(private options: () => AnalyzeOptions) {}

  of(document: TextDocument): Analysis {
    const options = this.options();
    const cached = this.byUri.get(document.uri);
    if (cached && cached.version === document.version && cached.options === options) return cached.analysis;
    const analysis = this.analyse(document, options);
    this.byUri.set(document.uri, { version: document.version, options, analysis });
    return analysis;
  }

  forget(uri: string): void {
    this.byUri.delete(uri);
  }

  private analyse(document: TextDocument, options: AnalyzeOptions): Analysis {
    this.runs++;
    const found = findRegions(document.uri, document.languageId, document.getText());
    const regions: AnalysedRegion[] = [];
    let budget = MAX_ANALYSED;
    let skipped = 0;
    for (const region of found) {
      if (regions.length >= MAX_REGIONS || budget <= 0) {
        skipped++;
        continue;
      }
      budget -= Math.min(region.text.length, MAX_QUERY_LENGTH);
      const now = new Date();
      regions.push({ region, model: checkedModel(region.text, region.listing, options, NO_PARAMS, now) });
    }
    return { uri: document.uri, version: document.version, regions, skipped };
  }
}

/** The region at host offset `offset`, if the cursor is in a query. */
export function regionAt(analysis: Analysis, offset: number): AnalysedRegion | undefined {
  return analysis.regions.find((r) => contains(r.region, offset));
}
