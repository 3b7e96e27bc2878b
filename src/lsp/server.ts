// The language server: the LSP plumbing of vscode-languageserver around the pure answers of features.ts.
// Every request is answered from the analysis of the document's current version (analysis.ts); a request
// that fails answers an error response with what went wrong, and the server goes on.
import {
  CodeActionKind,
  ErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalyzeOptions, Edition, LiveValues } from '../croql/index.ts';
import { analyzeOptions } from '../editor/analyze-options.ts';
import { Analyses } from './analysis.ts';
import * as defaultFeatures from './features.ts';
import type { Completions } from './features.ts';
import { DEFAULT_API_URL, loadLiveValues } from './live.ts';
import { LEGEND, semanticTokens } from './semantic-tokens.ts';

/** The `croql` settings (initializationOptions, or the client's `croql` configuration section). */
export interface CroqlSettings {
  projectId?: number | string | null;
  apiUrl?: string;
  edition?: Edition;
}

/** The custom request the editor commands use: the query at a position and its listing. */
export const QUERY_AT = 'croql/queryAt';

export type Features = typeof defaultFeatures & { semanticTokens: typeof semanticTokens };

export interface ServerOptions {
  /** Where the token comes from (CROWDIN_PERSONAL_TOKEN); the process environment by default. */
  env?: Record<string, string | undefined>;
  /** The answers, replaceable in tests (a failing one shows that a failure stays in its request). */
  features?: Partial<Features>;
}

const EDITIONS: readonly Edition[] = ['standard', 'enterprise'];

export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const env = options.env ?? process.env;
  const features: Features = { ...defaultFeatures, semanticTokens, ...options.features };
  const documents = new TextDocuments(TextDocument);

  let settings: CroqlSettings = {};
  let values: LiveValues = {};
  let edition: Edition = 'standard';
  let analyze: AnalyzeOptions = analyzeOptions({ values, edition });
  let loading: AbortController | null = null;
  let pullConfiguration = false;
  /** The completion list defaults the client declared it takes (features.ts, CompletionSettings). */
  let itemDefaults: readonly string[] = [];
  const analyses = new Analyses(() => analyze);

  const republish = () => {
    analyze = analyzeOptions({ values, edition });
    for (const document of documents.all()) schedule(document.uri);
  };

  function applySettings(next: CroqlSettings | undefined): void {
    settings = next ?? {};
    edition = EDITIONS.includes(settings.edition as Edition) ? settings.edition! : 'standard';
    loading?.abort();
    loading = null;
    values = {};
    republish();
    const projectId = Number(settings.projectId);
    const token = env.CROWDIN_PERSONAL_TOKEN;
    if (!settings.projectId || !Number.isInteger(projectId) || projectId <= 0) return;
    if (!token) {
      connection.console.warn(
        'croql.projectId is set but CROWDIN_PERSONAL_TOKEN is not: completion offers no members, languages, files or labels. Set the variable in the environment the editor starts the server from.',
      );
      return;
    }
    const controller = (loading = new AbortController());
    loadLiveValues({ projectId, apiUrl: settings.apiUrl || DEFAULT_API_URL, token }, controller.signal).then(
      (loaded) => {
        if (controller.signal.aborted) return;
        values = loaded;
        republish();
        connection.console.info(
          `Project ${projectId}: ${loaded.users?.length ?? 0} members, ${loaded.languages?.length ?? 0} languages, ${loaded.files?.length ?? 0} files, ${loaded.labels?.length ?? 0} labels.`,
        );
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        connection.window.showWarningMessage(
          `CroQL: could not read project ${projectId}'s members, languages, files and labels (${error instanceof Error ? error.message : String(error)}). Check croql.projectId, croql.apiUrl and CROWDIN_PERSONAL_TOKEN.`,
        );
      },
    );
  }

  /** A request's answer, or an error response saying which request failed and why. */
  function guarded<P, R>(name: string, answer: (params: P) => R): (params: P) => R {
    return (params) => {
      try {
        return answer(params);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        connection.console.error(`CroQL ${name} failed: ${error instanceof Error ? error.stack : message}`);
        throw new ResponseError(
          ErrorCodes.InternalError,
          `CroQL ${name} failed (internal error): ${message}`,
        );
      }
    };
  }

  /** The document and its analysis, or null once it is closed (a request that arrives after the close). */
  const analysed = (uri: string) => {
    const document = documents.get(uri);
    return document ? { document, analysis: analyses.of(document) } : null;
  };

  // Diagnostics: one analysis per version, after the changes already queued (a burst of keys coalesces).
  const pending = new Set<string>();
  function schedule(uri: string): void {
    if (pending.has(uri)) return;
    pending.add(uri);
    setImmediate(() => {
      pending.delete(uri);
      const found = analysed(uri);
      if (!found) return;
      let diagnostics;
      try {
        diagnostics = features.diagnostics(found.document, found.analysis);
      } catch (error) {
        connection.console.error(
          `CroQL diagnostics failed: ${error instanceof Error ? error.stack : String(error)}`,
        );
        return;
      }
      void connection.sendDiagnostics({ uri, version: found.document.version, diagnostics });
    });
  }

  documents.onDidChangeContent((change) => schedule(change.document.uri));
  documents.onDidClose((event) => {
    analyses.forget(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });

  connection.onInitialize((params): InitializeResult => {
    pullConfiguration = params.capabilities.workspace?.configuration === true;
    itemDefaults = params.capabilities.textDocument?.completion?.completionList?.itemDefaults ?? [];
    settings = (params.initializationOptions as { croql?: CroqlSettings } | undefined)?.croql ?? {};
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: [' ', '"', '@', '(', ':', '.'], resolveProvider: true },
        hoverProvider: true,
        documentFormattingProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        semanticTokensProvider: { legend: LEGEND, full: true },
        foldingRangeProvider: true,
      },
      serverInfo: { name: 'croql-language-server' },
    };
  });

  connection.onInitialized(() => {
    if (!pullConfiguration) return applySettings(settings);
    connection.workspace.getConfiguration('croql').then(
      (pulled: CroqlSettings | null) => applySettings({ ...settings, ...(pulled ?? {}) }),
      () => applySettings(settings),
    );
  });

  connection.onDidChangeConfiguration((change) => {
    const pushed = (change.settings as { croql?: CroqlSettings } | null)?.croql;
    if (pushed) return applySettings(pushed);
    if (pullConfiguration) {
      connection.workspace.getConfiguration('croql').then(
        (pulled: CroqlSettings | null) => applySettings(pulled ?? {}),
        () => {},
      );
    }
  });

  const offset = (document: TextDocument, position: { line: number; character: number }) =>
    document.offsetAt(position);

  /** The last completion list sent, whose items' documentation completionItem/resolve gives. */
  let lastCompletions: Completions | null = null;
  connection.onCompletion(
    guarded('completion', ({ textDocument, position }) => {
      const found = analysed(textDocument.uri);
      if (!found) return null;
      lastCompletions = features.completion(
        found.document,
        found.analysis,
        offset(found.document, position),
        { values, edition, itemDefaults },
      );
      return lastCompletions?.list ?? null;
    }),
  );
  connection.onCompletionResolve(
    guarded('completion item', (item) => features.resolveCompletion(item, lastCompletions)),
  );
  connection.onHover(
    guarded('hover', ({ textDocument, position }) => {
      const found = analysed(textDocument.uri);
      return found
        ? features.hoverAt(found.document, found.analysis, offset(found.document, position), analyze)
        : null;
    }),
  );
  connection.onDocumentFormatting(
    guarded('formatting', ({ textDocument }) => {
      const found = analysed(textDocument.uri);
      return found ? features.formatting(found.document, found.analysis) : null;
    }),
  );
  connection.onCodeAction(
    guarded('code actions', ({ textDocument, range }) => {
      const found = analysed(textDocument.uri);
      return found ? features.codeActions(found.document, found.analysis, range) : null;
    }),
  );
  connection.languages.semanticTokens.on(
    guarded('semantic tokens', ({ textDocument }) => {
      const found = analysed(textDocument.uri);
      return found ? features.semanticTokens(found.document, found.analysis) : { data: [] };
    }),
  );
  connection.onFoldingRanges(
    guarded('folding', ({ textDocument }) => {
      const found = analysed(textDocument.uri);
      return found ? features.foldingRanges(found.document, found.analysis) : null;
    }),
  );
  connection.onRequest(
    QUERY_AT,
    guarded(
      'queryAt',
      (params: { textDocument: { uri: string }; position: { line: number; character: number } }) => {
        const found = analysed(params.textDocument.uri);
        return found ? features.queryAt(found.analysis, offset(found.document, params.position)) : null;
      },
    ),
  );

  connection.onShutdown(() => loading?.abort());
  documents.listen(connection);
  connection.listen();
}
