import { describe, expect, it, vi } from 'vitest';
import { diagnosticCount } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { syntaxTree } from '@codemirror/language';
import { croqlConfig, serverDiagnosticsField, setCroqlConfig, setServerDiagnostics } from './config.ts';
import { formatQuery } from './commands.ts';
import { userMentionAt } from './completion.ts';
import { createEditorState, croqlFeatures } from './extensions.ts';
import { croqlParser } from './language.ts';
import { croqlDiagnostics, problemsSummary } from './lint.ts';
import type { ListingName } from '../croql/index.ts';
import { parsed } from '../testing/editor-state.ts';

const stateOf = (doc: string, context: ListingName = 'strings') =>
  createEditorState(doc, { context }, croqlFeatures());

describe('CroQL editor state', () => {
  it('parses with the core grammar (a tree with the query node)', () => {
    const state = parsed(stateOf('is hidden and text contains "a"'));
    const tree = syntaxTree(state);
    expect(tree.type.name).toBe('Query');
    expect(tree.toString()).toContain('AndExpr');
  });

  it('lints an unknown field at its range with a did-you-mean action that fixes it', () => {
    const state = stateOf('is hiden and text contains "a"');
    const [d] = croqlDiagnostics(state);
    expect(d).toMatchObject({ from: 0, to: 8, severity: 'error' });
    expect(d!.message).toMatch(/is hidden/);
    expect(d!.actions?.[0]?.name).toMatch(/is hidden/);
  });

  it("offers the rewrites of the person's own clause as actions: `id of file`, `id = 1 or id = 2`", () => {
    const [fileId] = croqlDiagnostics(stateOf('fileId = 5'));
    expect(fileId!.message).toContain('id of file = 5');
    expect(fileId!.actions?.map((a) => a.name)).toEqual(['Replace with “id of file”']);
    const inList = croqlDiagnostics(stateOf('id in (2516, 2518)', 'glossaryTerms'))[0]!;
    expect(inList.actions?.map((a) => a.name)).toEqual(['Replace with “id = 2516 or id = 2518”']);
  });

  it('lints an edit in the same transaction that makes it', async () => {
    const { setDiagnosticsEffect } = await import('@codemirror/lint');
    const state = stateOf('is hidden');
    const tr = state.update({ changes: { from: 9, insert: ' and is duplicat' } });
    const carried = tr.effects.find((e) => e.is(setDiagnosticsEffect));
    expect(carried?.value.map((d) => [d.from, d.to])).toEqual([[14, 25]]);
    const { diagnosticCount } = await import('@codemirror/lint');
    expect(diagnosticCount(tr.state)).toBe(1);
  });

  it('parses a keystroke once: the language field takes the tree lint parsed the edit with', () => {
    const state = parsed(stateOf('is hidden and text contains "a"'));
    const parses = vi.spyOn(croqlParser, 'startParse');
    const tr = state.update({ changes: { from: 30, insert: 'b' } });
    const tree = syntaxTree(tr.state);
    expect(parses).toHaveBeenCalledTimes(1);
    parses.mockRestore();
    expect(tree.length).toBe(tr.state.doc.length);
    expect(tree.toString()).toBe(syntaxTree(parsed(stateOf('is hidden and text contains "ab"'))).toString());
    // The edit was linted from that tree: no problem in it.
    expect(diagnosticCount(tr.state)).toBe(0);
  });

  it('checks @user mentions only against a member list that is loaded and complete', () => {
    const query = 'count of translations where (user = @user:"zoe") > 0';
    const unloaded = stateOf(query);
    expect(croqlDiagnostics(unloaded)).toEqual([]);

    const member = (id: number) => ({ id, username: `member${id}` });
    const loaded = unloaded.update({
      effects: setCroqlConfig.of({ values: { users: [member(1), member(2)] } }),
    }).state;
    expect(croqlDiagnostics(loaded).map((d) => d.message)).toEqual([expect.stringMatching(/no user `zoe`/)]);

    const fullPage = unloaded.update({
      effects: setCroqlConfig.of({ values: { users: Array.from({ length: 500 }, (_, i) => member(i)) } }),
    }).state;
    expect(croqlDiagnostics(fullPage)).toEqual([]);
  });

  it('follows the listing through state: the same text is checked against the new schema', () => {
    const strings = stateOf('is hidden');
    expect(croqlDiagnostics(strings)).toEqual([]);
    const terms = strings.update({ effects: setCroqlConfig.of({ context: 'glossaryTerms' }) }).state;
    expect(terms.field(croqlConfig).context).toBe('glossaryTerms');
    expect(croqlDiagnostics(terms).length).toBeGreaterThan(0);
  });

  it('shows service diagnostics until the text is edited', () => {
    let state = stateOf('text contains "a"');
    state = state.update({
      effects: setServerDiagnostics.of([
        {
          code: 'croqlInvalidLogic',
          reason: 'server',
          message: 'The service says: nope',
          severity: 'error',
          from: 0,
          to: 4,
        },
      ]),
    }).state;
    expect(croqlDiagnostics(state).map((d) => d.message)).toEqual(['The service says: nope']);
    state = state.update({ changes: { from: 0, insert: ' ' } }).state;
    expect(state.field(serverDiagnosticsField)).toEqual([]);
    expect(croqlDiagnostics(state)).toEqual([]);
  });

  it('formats the query with one undoable change and announces it', () => {
    const announced: string[] = [];
    let state = createEditorState(
      'is   hidden AND text contains "x"',
      { announce: (m) => announced.push(m) },
      croqlFeatures(),
    );
    formatQuery({
      state,
      dispatch: (tr) => {
        state = tr.state;
      },
    });
    expect(state.doc.toString()).toBe('is hidden and text contains "x"');
    expect(announced).toEqual(['Formatted']);
  });

  it('runs through the configured callback', async () => {
    const { runQuery } = await import('./commands.ts');
    let ran = 0;
    const state = createEditorState('', { onRun: () => ran++ }, croqlFeatures());
    runQuery({ state, dispatch: () => {} });
    expect(ran).toBe(1);
  });

  it('counts problems in words for the live region', () => {
    expect(problemsSummary(0)).toBe('No problems');
    expect(problemsSummary(1)).toBe('1 problem');
    expect(problemsSummary(2)).toBe('2 problems');
  });
});

describe('member search trigger', () => {
  it('finds the typed name after @user:"', () => {
    expect(userMentionAt('translated by = @user:"al', 25)).toEqual({ from: 23, search: 'al' });
    expect(userMentionAt('@user:"', 7)).toEqual({ from: 7, search: '' });
    expect(userMentionAt('@user:"alice" and ', 18)).toBeNull();
    expect(userMentionAt('text = "x', 9)).toBeNull();
  });
});

describe('EditorState wiring', () => {
  it('keeps one state field of config that effects update', () => {
    const state = EditorState.create({ extensions: croqlFeatures() });
    const next = state.update({ effects: setCroqlConfig.of({ edition: 'enterprise' }) }).state;
    expect(next.field(croqlConfig).edition).toBe('enterprise');
    expect(next.field(croqlConfig).context).toBe('strings');
  });
});

describe('completion source', () => {
  it('offers schema fields from the core at the cursor', async () => {
    const { CompletionContext } = await import('@codemirror/autocomplete');
    const { croqlCompletionSource } = await import('./completion.ts');
    const state = stateOf('is hid');
    const result = await croqlCompletionSource(new CompletionContext(state, 6, false));
    expect(result?.from).toBe(0);
    expect(result?.options.map((o) => o.label)).toContain('is hidden');
  });

  it('adds members found by the server search after @user:" (debounced)', async () => {
    const { CompletionContext } = await import('@codemirror/autocomplete');
    const { memberSearchSource } = await import('./completion.ts');
    const searched: string[] = [];
    const doc = 'translated by = @user:"dm';
    const state = createEditorState(
      doc,
      {
        searchUsers: async (search) => {
          searched.push(search);
          return [{ id: 4, username: 'dmitro', fullName: 'Dmitro K' }];
        },
      },
      croqlFeatures(),
    );
    const result = await memberSearchSource(new CompletionContext(state, doc.length, false));
    expect(searched).toEqual(['dm']);
    const dmitro = result?.options.find((o) => o.label === 'dmitro');
    expect(dmitro?.apply).toBe('dmitro"');
    expect(result?.from).toBe(doc.length - 2);
  });
});
