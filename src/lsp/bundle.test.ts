// The bundle an installed package runs (src/lsp/bundle.mjs, built by `npm pack`'s prepack): one file that
// needs nothing beside it, speaking the protocol like the source does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript build script, without types
import { bundleServer } from './bundle.mjs';
import { startClient } from './test-client.ts';

const dir = mkdtempSync(join(tmpdir(), 'croql-lsp-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('runs from a directory of its own, and checks a query', async () => {
  const outfile = join(dir, 'croql-language-server.cjs');
  await (bundleServer as (out: string) => Promise<void>)(outfile);
  const client = await startClient({ command: [process.execPath, outfile, '--stdio'], cwd: dir });
  try {
    expect(client.initialized.serverInfo?.name).toBe('croql-language-server');
    const { diagnostics } = await client.open('file:///work/a.croql', 'croql', 'is hiden');
    expect(diagnostics[0]!.message).toContain('Did you mean `is hidden`?');
  } finally {
    await client.close();
  }
}, 180_000);
