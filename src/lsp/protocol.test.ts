// The language server as an editor meets it: its own process over stdio, driven with vscode-jsonrpc.
// Each answer is checked where it lands in the document: a diagnostic's range covers the words it is
// about, inside a JavaScript string or a shell argument too, escapes included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CodeAction,
  CompletionItem,
  CompletionList,
  FoldingRange,
  Hover,
  SemanticTokens,
  TextEdit,
} from 'vscode-languageserver/node';
import { positionOf, startClient, textIn, VSCODE_COMPLETION, type TestClient } from './test-client.ts';

let client: TestClient;

beforeAll(async () => {
  client = await startClient();
}, 180_000);

afterAll(async () => {
  await client.close();
});

const at = (text: string, needle: string, after = 0) => positionOf(text, text.indexOf(needle) + after);

/** The server's formatting of a document: each edit as [the text it replaces, the text it writes]. */
async function formatted(uri: string, text: string): Promise<[string, string][]> {
  const edits = await client.request<TextEdit[]>('textDocument/formatting', {
    textDocument: { uri },
    options: { tabSize: 2, insertSpaces: true },
  });
  return edits.map((e) => [textIn(text, e.range), e.newText]);
}

describe('a .croql file', () => {
  const uri = 'file:///work/queries/untranslated.croql';
  const text = 'is hiden\nand text contains "Save" ';

  it('announces what it answers', () => {
    const caps = client.initialized.capabilities;
    expect(caps.completionProvider).toBeTruthy();
    expect(caps.hoverProvider).toBe(true);
    expect(caps.documentFormattingProvider).toBe(true);
    expect(caps.codeActionProvider).toBeTruthy();
    expect(caps.semanticTokensProvider?.legend.tokenTypes).toContain('property');
    expect(caps.foldingRangeProvider).toBe(true);
  });

  it('publishes the core diagnostics with the service code, on open and after each change', async () => {
    const opened = await client.open(uri, 'croql', text);
    expect(opened.diagnostics).toHaveLength(1);
    const [d] = opened.diagnostics;
    expect(d!.code).toBe('croqlInvalidLogic');
    expect(d!.message).toContain('Did you mean `is hidden`?');
    expect(textIn(text, d!.range)).toBe('is hiden');

    const fixed = text.replace('hiden', 'hidden');
    expect((await client.change(uri, 2, fixed)).diagnostics).toEqual([]);
    const broken = `${fixed} and (`;
    const again = await client.change(uri, 3, broken);
    expect(again.diagnostics.map((x) => x.code)).toContain('croqlInvalidSyntax');
    await client.change(uri, 4, text);
  });

  it('offers the playground quick fix as a code action whose edit writes the fix', async () => {
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: at(text, 'hiden'), end: at(text, 'hiden') },
      context: { diagnostics: [] },
    });
    expect(actions.map((a) => a.title)).toEqual(['Replace with “is hidden”']);
    const [edit] = actions[0]!.edit!.changes![uri]!;
    expect(textIn(text, edit!.range)).toBe('is hiden');
    expect(edit!.newText).toBe('is hidden');
  });

  it('completes the listing fields, then the operators that fit', async () => {
    const fields = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: positionOf(text, text.length),
    });
    expect(fields.items.map((i) => i.label)).toContain('and');
    const start = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 0, character: 0 },
    });
    expect(start.items.map((i) => i.label)).toEqual(
      expect.arrayContaining(['text', 'identifier', 'is hidden']),
    );
    // The list is light; the item the editor shows gets its documentation on request.
    const text_ = start.items.find((i) => i.label === 'text')!;
    expect(text_.documentation).toBeUndefined();
    const resolved = await client.request<CompletionItem>('completionItem/resolve', text_);
    expect(JSON.stringify(resolved.documentation)).toMatch(/markdown.+\S/);
    expect(resolved.textEdit).toEqual(text_.textEdit);
  });

  it('describes the field under the cursor', async () => {
    const info = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: at(text, 'contains', -3),
    });
    expect(JSON.stringify(info.contents)).toContain('text: string');
    expect(textIn(text, info.range!)).toBe('text');
  });

  it('formats to the canonical spelling', async () => {
    const messy = 'IS HIDDEN   =  true AND text contains "a"';
    await client.change(uri, 5, messy);
    expect(await formatted(uri, messy)).toEqual([[messy, 'is hidden = true and text contains "a"']]);
  });

  it('colours names, keywords and literals, and folds a long chain', async () => {
    const long = 'is hidden = true\nand text contains "a"\nand id > 3';
    await client.change(uri, 6, long);
    const tokens = await client.request<SemanticTokens>('textDocument/semanticTokens/full', {
      textDocument: { uri },
    });
    const legend = client.initialized.capabilities.semanticTokensProvider!.legend.tokenTypes;
    // The first token: line 0, column 0, length 9 (`is hidden`), a property.
    expect(tokens.data.slice(0, 4)).toEqual([0, 0, 9, legend.indexOf('property')]);
    const types = new Set(tokens.data.filter((_, i) => i % 5 === 3).map((t) => legend[t]));
    expect(types).toEqual(new Set(['property', 'operator', 'number', 'keyword', 'string']));
    const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', {
      textDocument: { uri },
    });
    expect(folds).toEqual([{ startLine: 0, endLine: 2 }]);
  });
});

describe('the listing of a .croql file', () => {
  it('comes from the file name', async () => {
    const uri = 'file:///work/q/plural.translations.croql';
    const opened = await client.open(uri, 'croql', 'plural form = "one"');
    expect(opened.diagnostics).toEqual([]);
    const strings = await client.open('file:///work/q/plural.croql', 'croql', 'plural form = "one"');
    expect(strings.diagnostics[0]!.message).toContain('not a field of a source string');
  });

  it('or from a first-line comment, which is not part of the query', async () => {
    const text = '# listing: glossary\npartOfSpeech = "noun" and lemma contains "save"';
    const opened = await client.open('file:///work/q/terms.croql', 'croql', text);
    expect(opened.diagnostics).toEqual([]);
    const broken = '# listing: tm\nhiden = 1';
    const tm = await client.open('file:///work/q/tm.croql', 'croql', broken);
    expect(textIn(broken, tm.diagnostics[0]!.range)).toBe('hiden');
    expect(tm.diagnostics[0]!.message).toContain('TM segment');
  });
});

describe('CroQL inside a TypeScript file', () => {
  const uri = 'file:///work/app/sync.ts';
  const text = [
    "import crowdin from '@crowdin/crowdin-api-client';",
    'const client = new crowdin({ token });',
    'await client.stringTranslationsApi.listLanguageTranslations(projectId, "uk", {',
    '  croql: "text contains \\"Save\\" and plural fo",',
    '});',
    "await client.sourceStringsApi.listProjectStrings(projectId, { croql: 'is hiden', limit: 500 });",
    'const other = { croql: `id of file = 3\\nand hasQaIssues` };',
  ].join('\n');

  it('checks each croql property with the listing of its call, at the offsets of the source', async () => {
    const opened = await client.open(uri, 'typescript', text);
    const found = opened.diagnostics.map((d) => textIn(text, d.range));
    expect(found).toEqual(['plural fo', 'is hiden', 'hasQaIssues']);
    // `plural fo` is near `plural form`, a field of translations (the call's listing), not of strings.
    expect(opened.diagnostics[0]!.message).toContain('`plural form`');
    expect(opened.diagnostics[1]!.message).toContain('`is hidden`');
  });

  it('writes a quick fix with the string escapes of the host', async () => {
    const escaped = 'const q = { croql: "text = \\"a\\" and is hiden" };';
    const u = 'file:///work/app/q.ts';
    await client.open(u, 'typescript', escaped);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: u },
      range: { start: at(escaped, 'hiden'), end: at(escaped, 'hiden') },
      context: { diagnostics: [] },
    });
    const [edit] = actions[0]!.edit!.changes![u]!;
    expect(textIn(escaped, edit!.range)).toBe('is hiden');
    expect(edit!.newText).toBe('is hidden');
  });

  it('completes inside the literal, replacing what was typed', async () => {
    const list = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: at(text, 'fo"', 2),
    });
    const item = list.items.find((i) => i.label === 'plural form');
    expect(item).toBeTruthy();
    expect(textIn(text, (item!.textEdit as TextEdit).range)).toBe('plural fo');
    expect(
      await client.request('textDocument/completion', {
        textDocument: { uri },
        position: { line: 0, character: 3 },
      }),
    ).toBeNull();
  });

  it('hovers a field inside the literal', async () => {
    const info = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: at(text, 'Save', -12),
    });
    expect(textIn(text, info.range!)).toBe('text');
  });
});

describe('CroQL in a Python script', () => {
  const uri = 'file:///work/scripts/sync.py';
  const text = [
    'from crowdin_api import CrowdinClient',
    'client = CrowdinClient(token=TOKEN)',
    'voted = client.string_translations.list_language_translations(',
    '    languageId="uk",',
    '    projectId=1,',
    '    croql=(',
    '        "count of votes > 0 "  # voted on',
    `        'and plural fo = "one"'`,
    '    ),',
    ')',
    String.raw`hidden = client.source_strings.list_strings(projectId=1, croql='IS HIDDEN  and text contains "\\\\"')`,
    String.raw`terms = requests.get(f"{BASE}/glossaries/{glossary_id}/terms", params={"croql": r'TEXT  contains "\\" and partOfSpeach = "noun"'})`,
  ].join('\n');

  it('checks croql= of each client call and of a plain HTTP call, with the listing of each', async () => {
    const opened = await client.open(uri, 'python', text);
    expect(opened.diagnostics.map((d) => textIn(text, d.range))).toEqual(['plural fo', 'partOfSpeach']);
    // `plural fo` is near `plural form`, a field of translations (the call's); `partOfSpeach` near a field
    // of glossary terms (the path's).
    expect(opened.diagnostics[0]!.message).toContain('`plural form`');
    expect(opened.diagnostics[1]!.message).toContain('`partOfSpeech`');
  });

  it('completes inside the second of two literals side by side', async () => {
    const list = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: at(text, 'fo =', 2),
    });
    const item = list.items.find((i) => i.label === 'plural form');
    expect(textIn(text, (item!.textEdit as TextEdit).range)).toBe('plural fo');
  });

  it('formats each query in its own literal, with its escapes', async () => {
    expect(await formatted(uri, text)).toEqual([
      [String.raw`IS HIDDEN  and text contains "\\\\"`, String.raw`is hidden and text contains "\\\\"`],
      // A raw literal keeps its backslashes as they are; an unknown name keeps its spelling.
      [
        String.raw`TEXT  contains "\\" and partOfSpeach = "noun"`,
        String.raw`text contains "\\" and partOfSpeach = "noun"`,
      ],
    ]);
  });
});

describe('the mistakes people report', () => {
  it('are fixed in their own words by code actions, inside a client call too', async () => {
    const uri = 'file:///work/app/report.ts';
    const text = [
      "await client.sourceStringsApi.listProjectStrings(1, { croql: 'fileId = 5' });",
      "await client.sourceStringsApi.listProjectStrings(1, { croql: 'id in (2516, 2518)' });",
    ].join('\n');
    await client.open(uri, 'typescript', text);
    const fixes = async (needle: string) => {
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: { start: at(text, needle), end: at(text, needle) },
        context: { diagnostics: [] },
      });
      return actions.map((a) => {
        const [edit] = a.edit!.changes![uri]!;
        return { replaced: textIn(text, edit!.range), by: edit!.newText };
      });
    };
    expect(await fixes('fileId')).toEqual([{ replaced: 'fileId', by: 'id of file' }]);
    expect(await fixes('id in')).toEqual([{ replaced: 'id in (2516, 2518)', by: 'id = 2516 or id = 2518' }]);
  });
});

describe('CroQL in a YAML workflow and a shell script', () => {
  it('checks the --croql argument of a run step, through the shell quoting', async () => {
    const uri = 'file:///work/.github/workflows/crowdin.yml';
    const text = [
      'jobs:',
      '  strings:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: |',
      `          crowdin string list --croql 'text contains "it'\\''s" and is hiden' --verbose`,
      '      - run: crowdin string list --croql="count of translations = 0 and text = \\"\\$HOME\\" and contex"',
    ].join('\n');
    const opened = await client.open(uri, 'yaml', text);
    expect(opened.diagnostics.map((d) => textIn(text, d.range))).toEqual(['is hiden', 'contex']);
    const list = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: at(text, 'contex', 6),
    });
    expect(list.items.map((i) => i.label)).toContain('context');
  });

  it('reads a quoted run: scalar as YAML does before the shell, and formats it in its own quoting', async () => {
    const uri = 'file:///work/.github/workflows/quoted.yml';
    const text = [
      'steps:',
      `  - run: 'crowdin string list --croql "is hiden" --plain'`,
      `  - run: "crowdin string list --croql 'IS HIDDEN  and text contains \\"Save\\"'"`,
      `  - run: echo 'done'`,
    ].join('\n');
    const opened = await client.open(uri, 'yaml', text);
    expect(opened.diagnostics.map((d) => textIn(text, d.range))).toEqual(['is hiden']);
    // Written inside the double-quoted scalar with its escapes, the rest of the file as it was.
    expect(await formatted(uri, text)).toEqual([
      ['IS HIDDEN  and text contains \\"Save\\"', 'is hidden and text contains \\"Save\\"'],
    ]);
  });

  it('checks a command written as a list (a compose file) and one of a JSON tasks file', async () => {
    const compose = 'file:///work/compose.yaml';
    const yaml = [
      'services:',
      '  strings:',
      '    image: crowdin/cli',
      '    command: [string, list, --croql, "is hiden and text contains \\"Save\\""]',
      '  check:',
      '    command:',
      '      - string',
      '      - --croql=count of comments > 0 and contex = "x"',
    ].join('\n');
    const opened = await client.open(compose, 'yaml', yaml);
    expect(opened.diagnostics.map((d) => textIn(yaml, d.range))).toEqual(['is hiden', 'contex']);

    const tasks = 'file:///work/.vscode/tasks.json';
    const json = [
      '{',
      '  // crowdin-cli with no shell between (a comment is no query: --croql "is hiden")',
      '  "tasks": [',
      '    { "label": "hidden", "command": "crowdin", "args": ["string", "list", "--croql", "IS HIDDEN  and text contains \\"Save\\""] },',
      '    { "label": "untranslated", "command": "crowdin string list --croql \'count of translations = 0 and is hiden\'" }',
      '  ]',
      '}',
    ].join('\n');
    const jsonOpened = await client.open(tasks, 'jsonc', json);
    expect(jsonOpened.diagnostics.map((d) => textIn(json, d.range))).toEqual(['is hiden']);
    // Written inside the JSON string with its escapes, the rest of the file as it was.
    expect(await formatted(tasks, json)).toEqual([
      ['IS HIDDEN  and text contains \\"Save\\"', 'is hidden and text contains \\"Save\\"'],
    ]);
  });

  it('marks only the characters of a query in a word quoted in pieces, not the quotes between them', async () => {
    const uri = 'file:///work/scripts/pieces.sh';
    const text = `crowdin string list --croql 'is hiden'" and contex = \\"x\\""`;
    const opened = await client.open(uri, 'shellscript', text);
    expect(opened.diagnostics.map((d) => textIn(text, d.range))).toEqual(['is hiden', 'contex']);
  });

  it('checks croql= in a URL, percent-decoded, with the listing of its path', async () => {
    const uri = 'file:///work/scripts/fetch.sh';
    const text =
      'curl -H "Authorization: Bearer $TOKEN" "https://api.crowdin.com/api/v2/projects/1/languages/uk/translations?limit=50&croql=plural%20fom%20%3D%20%22one%22"';
    const opened = await client.open(uri, 'shellscript', text);
    expect(opened.diagnostics.map((d) => textIn(text, d.range))).toEqual(['plural%20fom']);
    expect(opened.diagnostics[0]!.message).toContain('`plural form`');
  });
});

describe('a client that takes completion list defaults (LSP 3.17, as VS Code does)', () => {
  let lean: TestClient;
  beforeAll(async () => {
    lean = await startClient({ capabilities: VSCODE_COMPLETION });
  }, 180_000);
  afterAll(() => lean.close());

  /** Each item as the client applies it: its range, its text and its format, defaults filled in. */
  const applied = (list: CompletionList) =>
    list.items.map((item) => ({
      label: item.label,
      range: item.textEdit ? (item.textEdit as TextEdit).range : list.itemDefaults?.editRange,
      newText: item.textEdit ? item.textEdit.newText : (item.textEditText ?? item.label),
      format: item.insertTextFormat ?? list.itemDefaults?.insertTextFormat,
    }));

  it.each([
    ['an empty .croql file (snippets among the items)', 'file:///work/q/lean.croql', 'croql', '', 0],
    [
      'a double-quoted croql string in TypeScript (values written with its escapes)',
      'file:///work/app/lean.ts',
      'typescript',
      'await client.sourceStringsApi.listProjectStrings(1, { croql: "context = " });',
      'await client.sourceStringsApi.listProjectStrings(1, { croql: "context = '.length,
    ],
  ])('gets the range once for %s, and the same edits', async (_, uri, languageId, text, offset) => {
    await client.open(uri, languageId, text);
    await lean.open(uri, languageId, text);
    const position = positionOf(text, offset);
    const full = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position,
    });
    const slim = await lean.request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position,
    });
    expect(slim.items.length).toBeGreaterThan(0);
    expect(slim.items.every((item) => item.textEdit === undefined)).toBe(true);
    expect(applied(slim)).toEqual(applied(full));
    expect(JSON.stringify(slim).length).toBeLessThan(JSON.stringify(full).length * 0.75);
  });
});
