import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { organizationKey, RouterStore, type Installation } from './store.ts';

const installation: Installation = {
  appId: 'croql-router',
  appSecret: 's3cret',
  clientId: 'c',
  userId: 1,
  organizationId: 200,
  domain: 'acme',
  baseUrl: 'https://acme.crowdin.com',
  agentId: 9,
  installedAt: '2025-01-01T00:00:00.000Z',
};

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'router-store-'));
  folders.push(made);
  return made;
};
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

describe('RouterStore', () => {
  it('keeps installations and step settings across a restart, in a private file', async () => {
    const file = join(folder(), 'nested', 'store.json');
    const store = await RouterStore.open(file);
    await store.install('acme', installation);
    await store.noteLanguage('acme', 1, 12, 'uk');
    const step = store.step('acme', 12)!;
    await store.saveStep({
      ...step,
      settings: { rules: [{ query: 'is hidden', output: 'true' }], default: 'false' },
      savedAt: 'now',
    });
    const again = await RouterStore.open(file);
    expect(again.installation('acme')).toEqual(installation);
    expect(again.step('acme', 12)).toMatchObject({
      projectId: 1,
      languages: ['uk'],
      settings: { default: 'false' },
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(file, '..'))).toEqual(['store.json']);
  });

  it('forgets an organization and its steps at uninstall', async () => {
    const file = join(folder(), 'store.json');
    const store = await RouterStore.open(file);
    await store.install('acme', installation);
    await store.noteLanguage('acme', 1, 12, 'uk');
    await store.noteLanguage('other', 1, 13, 'uk');
    await store.uninstall('acme');
    const again = await RouterStore.open(file);
    expect(again.installation('acme')).toBeUndefined();
    expect(again.steps().map((s) => s.stepId)).toEqual([13]);
  });

  it('coalesces writes and ends with the last state', async () => {
    const file = join(folder(), 'store.json');
    const store = await RouterStore.open(file);
    await Promise.all(['uk', 'de', 'fr', 'es'].map((l) => store.noteLanguage('acme', 1, 12, l)));
    expect(JSON.parse(readFileSync(file, 'utf8')).steps['acme|12'].languages).toEqual([
      'uk',
      'de',
      'fr',
      'es',
    ]);
  });

  it('refuses to start on a file it cannot read, and leaves it alone', async () => {
    const file = join(folder(), 'store.json');
    writeFileSync(file, '{"version": 1, "installations": {');
    await expect(RouterStore.open(file)).rejects.toThrow(/is not JSON/);
    writeFileSync(file, '{"version": 2}');
    await expect(RouterStore.open(file)).rejects.toThrow(/not a CroQL Router store/);
    expect(readFileSync(file, 'utf8')).toBe('{"version": 2}');
  });

  it('keys an installation by domain, else by organization id', () => {
    expect(organizationKey('acme', 200)).toBe('acme');
    expect(organizationKey(null, 200)).toBe('200');
    expect(organizationKey('', '200')).toBe('200');
  });
});
