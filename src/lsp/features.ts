// What the server answers, as pure functions of a document and its analysis (analysis.ts): the core's
// diagnostics, completion, hover and formatter, each mapped from query offsets to the host's (region.ts),
// and the host's escaping applied to every text that goes back into the document.
import {
  CodeActionKind,
  CompletionItemKind,
  DiagnosticSeverity,
  InsertTextFormat,
  MarkupKind,
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type FoldingRange,
  type Hover,
  type Range,
  type TextEdit,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { complete } from '../croql/complete.ts';
import { hover } from '../croql/hover.ts';
import { childrenOf } from '../croql/locate.ts';
import {
  format,
  quickFixes,
  type AnalyzeOptions,
  type CompletionItem as CoreItem,
  type Diagnostic as CoreDiagnostic,
  type Edition,
  type Expr,
  type LiveValues,
} from '../croql/index.ts';
import { regionAt, type AnalysedRegion, type Analysis } from './analysis.ts';
import { fromHost, hostEdit, hostEnd, toHost, type Region } from './region.ts';
import { lspSnippet, plainSnippet } from './snippet.ts';

export const SOURCE = 'croql';

/** A query range in the host: to where its last character's writing ends (not over the quotes after it). */
function rangeOf(document: TextDocument, region: Region, from: number, to: number): Range {
  const start = toHost(region, from);
  return {
    start: document.positionAt(start),
    end: document.positionAt(to > from ? hostEnd(region, to) : start),
  };
}

/** The host edit that replaces query [from, to) with `insert`. */
function textEdit(
  document: TextDocument,
  region: Region,
  from: number,
  to: number,
  insert: string,
): TextEdit {
  const edit = hostEdit(region, from, to, insert);
  return {
    range: { start: document.positionAt(edit.from), end: document.positionAt(edit.to) },
    newText: edit.text,
  };
}

const SEVERITY: Record<CoreDiagnostic['severity'], DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

function toLsp(document: TextDocument, region: Region, d: CoreDiagnostic): Diagnostic {
  return {
    range: rangeOf(document, region, d.from, d.to),
    severity: SEVERITY[d.severity],
    // The code the service answers with (croqlInvalidSyntax, croqlInvalidLogic); the reason beside it.
    code: d.code,
    source: SOURCE,
    message: d.message,
    data: { reason: d.reason },
  };
}

export function diagnostics(document: TextDocument, analysis: Analysis): Diagnostic[] {
  const out = analysis.regions.flatMap(({ region, diagnostics: found }) =>
    found.map((d) => toLsp(document, region, d)),
  );
  if (analysis.skipped > 0) {
    out.push({
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: DiagnosticSeverity.Information,
      source: SOURCE,
      message: `${analysis.skipped} more CroQL ${analysis.skipped === 1 ? 'query' : 'queries'} in this document ${analysis.skipped === 1 ? 'was' : 'were'} not checked: the language server checks at most ${analysis.regions.length} per document. Move them into files of their own to have them checked.`,
    });
  }
  return out;
}

/** Each of the playground's quick fixes (the core's quickFixes) touching `range`, as a code action. */
export function codeActions(document: TextDocument, analysis: Analysis, range: Range): CodeAction[] {
  const from = document.offsetAt(range.start);
  const to = document.offsetAt(range.end);
  const actions: CodeAction[] = [];
  for (const { region, diagnostics: found } of analysis.regions) {
    const fixes = quickFixes(found);
    for (const { diagnostic: d, suggestion: s } of fixes) {
      // At the words the diagnostic is about, or anywhere in the text the fix rewrites (`id in (…)` is
      // reported at `in`, and rewritten whole).
      const touches = (a: number, b: number) => toHost(region, b) >= from && toHost(region, a) <= to;
      if (!touches(d.from, d.to) && !touches(s.from, s.to)) continue;
      const edit = textEdit(document, region, s.from, s.to, s.insert);
      actions.push({
        // A menu shows no code spans: `x` reads as “x”, as in the playground's lint buttons.
        title: s.label.replace(/`([^`]*)`/g, '“$1”'),
        kind: CodeActionKind.QuickFix,
        diagnostics: [toLsp(document, region, d)],
        isPreferred: d.suggestions?.length === 1,
        edit: { changes: { [document.uri]: [edit] } },
      });
    }
  }
  return actions;
}

const KINDS: Record<CoreItem['kind'], CompletionItemKind> = {
  field: CompletionItemKind.Field,
  keyword: CompletionItemKind.Keyword,
  operator: CompletionItemKind.Operator,
  value: CompletionItemKind.Value,
  mention: CompletionItemKind.Variable,
  snippet: CompletionItemKind.Snippet,
};

export interface CompletionSettings {
  values: LiveValues;
  edition: Edition;
  /**
   * The list defaults the client takes (LSP 3.17 `completionList.itemDefaults`). With `editRange` the range
   * every item replaces is sent once for the list, and each item carries only its text (`textEditText`, or
   * none when its label is the text); with `insertTextFormat`, plain text is the list's default too.
   */
  itemDefaults?: readonly string[];
}

/** The core's completion at `offset`, or null outside any query. */
/**
 * A completion list, each item's documentation apart: items carry their index as `data`, and the client asks
 * for the documentation of the one it shows (completionItem/resolve). A list of 60 items is then about a
 * quarter of its size with every description in it, and most of them are never read.
 */
export interface Completions {
  list: CompletionList;
  documentation: readonly (string | undefined)[];
}

export function completion(
  document: TextDocument,
  analysis: Analysis,
  offset: number,
  settings: CompletionSettings,
): Completions | null {
  const at = regionAt(analysis, offset);
  if (!at || at.refused) return null;
  const { region } = at;
  const result = complete(region.text, fromHost(region, offset), region.listing, settings.values, {
    edition: settings.edition,
    base: at.base,
  });
  if (!result) return null;
  const shared = hostEdit(region, result.from, result.to, '');
  const range = { start: document.positionAt(shared.from), end: document.positionAt(shared.to) };
  // Higher boost first, the core's order otherwise: sortText keeps that order in any client.
  const order = result.items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => (b.item.boost ?? 0) - (a.item.boost ?? 0) || a.i - b.i);
  const defaults = settings.itemDefaults ?? [];
  const sharedRange = defaults.includes('editRange');
  const plainByDefault = sharedRange && defaults.includes('insertTextFormat');
  const items: CompletionItem[] = order.map(({ item }, rank) => {
    const snippet = item.kind === 'snippet' && region.host === 'croql';
    const edit = snippet
      ? null
      : hostEdit(
          region,
          result.from,
          result.to,
          item.kind === 'snippet' ? plainSnippet(item.apply) : item.apply,
        );
    const newText = edit ? edit.text : lspSnippet(item.apply);
    // A host may write an item over more than the others (a YAML scalar written anew): its own range.
    const own =
      edit && (edit.from !== shared.from || edit.to !== shared.to)
        ? { start: document.positionAt(edit.from), end: document.positionAt(edit.to) }
        : null;
    return {
      label: item.label,
      kind: KINDS[item.kind],
      ...(item.detail ? { detail: item.detail } : {}),
      sortText: String(rank).padStart(5, '0'),
      ...(snippet || !plainByDefault
        ? { insertTextFormat: snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText }
        : {}),
      ...(own || !sharedRange
        ? { textEdit: { range: own ?? range, newText } }
        : newText !== item.label
          ? { textEditText: newText }
          : {}),
      data: rank,
    };
  });
  const itemDefaults = sharedRange
    ? { editRange: range, ...(plainByDefault ? { insertTextFormat: InsertTextFormat.PlainText } : {}) }
    : undefined;
  return {
    list: { isIncomplete: true, ...(itemDefaults ? { itemDefaults } : {}), items },
    documentation: order.map(({ item }) => item.description),
  };
}

/** The item with its documentation, when it is one of `last`'s (by index and label), else as it came. */
export function resolveCompletion(item: CompletionItem, last: Completions | null): CompletionItem {
  const index = typeof item.data === 'number' ? item.data : -1;
  const description = last?.documentation[index];
  if (!description || last.list.items[index]?.label !== item.label) return item;
  return { ...item, documentation: { kind: MarkupKind.Markdown, value: description } };
}

export function hoverAt(
  document: TextDocument,
  analysis: Analysis,
  offset: number,
  options: AnalyzeOptions,
): Hover | null {
  const at = regionAt(analysis, offset);
  if (!at?.model || at.refused) return null;
  const { region, model } = at;
  const info = hover(region.text, fromHost(region, offset), region.listing, options, model);
  if (!info) return null;
  return {
    contents: { kind: MarkupKind.Markdown, value: `**${info.title}**\n\n${info.body}` },
    range: rangeOf(document, region, info.from, info.to),
  };
}

/** The formatter's text for each query that it changes (a query with syntax errors is left as it is). */
export function formatting(document: TextDocument, analysis: Analysis): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const { region, model } of analysis.regions) {
    if (!model?.ast) continue;
    const formatted = format(region.text);
    if (formatted === region.text) continue;
    edits.push(textEdit(document, region, 0, region.text.length, formatted));
  }
  return edits;
}

/** `and`/`or`/`xor` chains written over several lines fold to their first line. */
export function foldingRanges(document: TextDocument, analysis: Analysis): FoldingRange[] {
  const ranges: FoldingRange[] = [];
  for (const { region, model } of analysis.regions) {
    const stack: Expr[] = model?.ast ? [model.ast] : [];
    while (stack.length) {
      const node = stack.pop()!;
      if (node.kind === 'logical') {
        const startLine = document.positionAt(toHost(region, node.from)).line;
        const endLine = document.positionAt(hostEnd(region, node.to)).line;
        if (endLine > startLine) ranges.push({ startLine, endLine });
      }
      stack.push(...childrenOf(node));
    }
  }
  return ranges.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}

/** The query at `offset` and its listing, for the editor's commands (playground link, CLI argument). */
export function queryAt(
  analysis: Analysis,
  offset: number,
): Pick<AnalysedRegion['region'], 'text' | 'listing'> | null {
  const at = regionAt(analysis, offset) ?? (analysis.regions.length === 1 ? analysis.regions[0] : undefined);
  return at ? { text: at.region.text, listing: at.region.listing } : null;
}
