// Live values: with croql.projectId set and CROWDIN_PERSONAL_TOKEN in its environment, the server reads
// the project's members, languages, files and labels (here from an emulator on a free port) and completes
// and checks with them, as the playground does for the signed-in project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionList } from 'vscode-languageserver/node';
import { startEmulator, type RunningEmulator } from '../server/emulator/testing.ts';
import { startClient, type TestClient } from './test-client.ts';

let emulator: RunningEmulator;
let client: TestClient;

beforeAll(async () => {
  emulator = await startEmulator();
  client = await startClient({
    env: { CROWDIN_PERSONAL_TOKEN: emulator.personalToken('alice') },
    initializationOptions: { croql: { projectId: 1, apiUrl: `${emulator.url}/api/v2` } },
  });
}, 180_000);

afterAll(async () => {
  await client?.close();
  await emulator?.close();
});

/** The labels of the completion at the end of `text` in a new document. */
async function completeAtEnd(name: string, text: string): Promise<string[]> {
  const uri = `file:///work/live/${name}`;
  await client.open(uri, 'croql', text);
  const list = await client.request<CompletionList | null>('textDocument/completion', {
    textDocument: { uri },
    position: { line: 0, character: text.length },
  });
  return list?.items.map((i) => i.label) ?? [];
}

describe('a configured project', () => {
  beforeAll(async () => {
    // The server says when the values are in (window/logMessage); until then it checks without them.
    await new Promise<void>((resolve) => {
      const look = () =>
        client.logs.some((m) => m.startsWith('Project 1:')) ? resolve() : setImmediate(look);
      look();
    });
  });

  it('completes its members, languages, files and labels', async () => {
    expect(await completeAtEnd('user.croql', 'user = @user:"')).toEqual(
      expect.arrayContaining(['alice', 'bob', 'carol']),
    );
    expect(await completeAtEnd('lang.translations.croql', 'language = @language:"')).toEqual(
      expect.arrayContaining(['uk', 'de', 'ja']),
    );
    const files = await completeAtEnd('file.croql', 'id of file = ');
    expect(files.join(' ')).toContain('app.json');
    const labels = await completeAtEnd('label.croql', 'count of labels where (id = ');
    expect(labels.join(' ')).toContain('ui');
  });

  it('checks mentions against them', async () => {
    const { diagnostics } = await client.open(
      'file:///work/live/who.croql',
      'croql',
      'count of translations where (user = @user:"mallory") > 0',
    );
    expect(diagnostics.map((d) => d.message).join('\n')).toContain('mallory');
  });
});
