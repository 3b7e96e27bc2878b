// The same behaviour from both stores: the embedded one (a folder) and a real PostgreSQL server.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { organizationKey, type Installation, type StepRecord } from './records.ts';
import type { InboxItem } from './inbox.ts';
import { testStores } from './test-stores.ts';

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
const KEY = 'a-key-of-sixteen-or-more';
const NEW_KEY = 'b-key-of-sixteen-or-more';

const { folder, open, close, reopen, backends } = testStores('store', { path: join('nested', 'store.json') });

describe.each(Object.entries(backends))('RouterStore (%s)', (_name, newLocation) => {
  it('keeps installations and step settings across a restart', async () => {
    const location = await newLocation();
    const store = await open(location);
    await store.install('acme', installation);
    await store.noteLanguage('acme', 1, 12, 'uk');
    await store.saveStep({
      ...store.step('acme', 12)!,
      settings: { rules: [{ query: 'is hidden', output: 'true' }], default: 'false' },
      savedAt: 'now',
    });
    const again = await reopen(store, location);
    expect(again.installation('acme')).toEqual(installation);
    expect(again.step('acme', 12)).toMatchObject({
      projectId: 1,
      languages: ['uk'],
      settings: { default: 'false' },
    });
  });

  it('reads an unchanged installation as the same one (its API client and token are kept)', async () => {
    const store = await open(await newLocation());
    await store.install('acme', installation);
    const known = store.installation('acme');
    // PostgreSQL gives the record's fields back in its own order: still the same installation.
    expect(await store.freshInstallation('acme')).toBe(known);
    await store.install('acme', { ...installation, userId: 2 });
    expect((await store.freshInstallation('acme'))?.userId).toBe(2);
  });

  it('forgets an organization and its steps at uninstall', async () => {
    const location = await newLocation();
    const store = await open(location);
    await store.install('acme', installation);
    await store.noteLanguage('acme', 1, 12, 'uk');
    await store.noteLanguage('other', 1, 13, 'uk');
    await store.uninstall('acme');
    const again = await reopen(store, location);
    expect(again.installation('acme')).toBeUndefined();
    expect(again.steps().map((s) => s.stepId)).toEqual([13]);
  });

  it('keeps every language noted at once', async () => {
    const location = await newLocation();
    const store = await open(location);
    await Promise.all(['uk', 'de', 'fr', 'es'].map((l) => store.noteLanguage('acme', 1, 12, l)));
    const again = await reopen(store, location);
    expect(again.step('acme', 12)?.languages.sort()).toEqual(['de', 'es', 'fr', 'uk']);
  });

  it('gives back each string as it was delivered, whatever its script, beside strings found on the step', async () => {
    const store = await open(await newLocation());
    // Multi-byte texts of different lengths side by side: each string's JSON is cut out of the put by its
    // length in bytes, so a length in characters would hand the next string a piece of this one.
    const texts = ['Зберегти зміни', 'Save', '保存する 😀', 'Ünïcödé "quoted" \\ back\nslash', '', 'Ok'];
    const items = texts.map((text, n): InboxItem => ({
      projectId: 1,
      stepId: 12,
      languageId: 'uk',
      revision: n % 2 ? null : 3,
      string: { id: n + 1, text, labelIds: [n] },
    }));
    expect(await store.inbox.put('acme', items)).toMatchObject({ queued: texts.length, repeats: 0 });
    const claim = await store.inbox.claim('me', 60_000, 500);
    expect(claim?.items.map((i) => [i.string, i.revision])).toEqual(items.map((i) => [i.string, i.revision]));
  });

  it('F10: a settings save whose write fails leaves nothing behind, in memory or after a restart', async () => {
    const location = await newLocation();
    const store = await open(location);
    await store.noteLanguage('acme', 1, 12, 'uk');
    const before = store.step('acme', 12);
    // A real failure inside the database: the step's language rows are refused after its row is written.
    await store['sql'].query(`create function refuse() returns trigger language plpgsql as
      $$ begin if new.step_key = 'acme|12' then raise exception 'disk full'; end if; return new; end $$`);
    await store['sql'].query(
      'create trigger refuse before insert on router_step_languages for each row execute function refuse()',
    );
    const saved: StepRecord = {
      ...before!,
      languages: ['uk', 'de'],
      settings: { rules: [], default: 'false' },
      savedAt: 'now',
    };
    await expect(store.saveStep(saved)).rejects.toThrow(/disk full/);
    expect(store.step('acme', 12)).toEqual(before);
    await store['sql'].query('drop trigger refuse on router_step_languages');
    await store.noteLanguage('acme', 1, 13, 'uk');
    const again = await reopen(store, location);
    expect(again.step('acme', 12)).toEqual(before);
    expect(again.step('acme', 13)?.languages).toEqual(['uk']);
  });

  it('F9: prototype names are organizations like any other', async () => {
    const store = await open(await newLocation());
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(store.installation(name)).toBeUndefined();
      expect(store.step(name, 1)).toBeUndefined();
    }
    await store.install('__proto__', { ...installation, domain: '__proto__' });
    expect(store.installation('__proto__')?.domain).toBe('__proto__');
    expect(store.installation('constructor')).toBeUndefined();
  });

  it('seals secrets with the key given, refuses another key, and re-seals on rotation', async () => {
    const location = await newLocation();
    const store = await open(location, { secretKey: KEY });
    await store.install('acme', installation);
    const [row] = await store['sql'].query<{ app_secret: string }>(
      'select app_secret from router_installations',
    );
    expect(row!.app_secret).not.toContain('s3cret');
    await close(store);
    await expect(open(location)).rejects.toThrow(/encrypted .*--secret-key/);
    await expect(open(location, { secretKey: NEW_KEY })).rejects.toThrow(/sealed with another key/);
    const rotated = await open(location, { secretKey: NEW_KEY, previousSecretKey: KEY });
    expect(rotated.installation('acme')?.appSecret).toBe('s3cret');
    // What the start tells the operator: from which key to which (fingerprints, never the keys).
    expect(rotated.resealed?.from).toMatch(/^[0-9a-f]{8}$/);
    expect(rotated.resealed?.to).toMatch(/^[0-9a-f]{8}$/);
    expect(rotated.resealed?.from).not.toBe(rotated.resealed?.to);
    const again = await reopen(rotated, location, { secretKey: NEW_KEY });
    expect(again.installation('acme')?.appSecret).toBe('s3cret');
    expect(again.resealed).toBeNull();
    await close(again);
    await expect(open(location, { secretKey: KEY })).rejects.toThrow(/sealed with another key/);
  });

  it('tells at once that a key is wrong, even with nothing sealed yet', async () => {
    const location = await newLocation();
    await close(await open(location, { secretKey: KEY }));
    await expect(open(location, { secretKey: NEW_KEY })).rejects.toThrow(/sealed with another key/);
  });
});

describe('RouterStore (PostgreSQL): two instances on one database', () => {
  it('settings saved on one survive a language the other notes from an older view of the step', async () => {
    const location = await backends.PostgreSQL();
    const one = await open(location);
    const two = await open(location);
    await one.install('acme', installation);
    await one.noteLanguage('acme', 1, 12, 'uk');
    // `two` learns of the step before its rules are saved on `one`.
    await two.freshStep('acme', 12);
    await one.saveStep({
      ...one.step('acme', 12)!,
      settings: { rules: [{ query: 'is hidden', output: 'true' }], default: 'false' },
      savedAt: 'now',
    });
    // A delivery for another language reaches `two`: it notes the language, and must not write its older
    // view of the step (no settings) over the rules `one` saved.
    await two.noteLanguage('acme', 1, 12, 'de');
    for (const store of [one, two]) {
      expect(await store.freshStep('acme', 12)).toMatchObject({
        settings: { default: 'false' },
        languages: ['de', 'uk'],
      });
    }
    // And a save on `one`, whose memory lacks `de`, keeps the language `two` noted.
    await one.saveStep({ ...one.step('acme', 12)!, savedAt: 'later' });
    expect((await two.freshStep('acme', 12))?.languages).toEqual(['de', 'uk']);
  });
});

describe('RouterStore (PostgreSQL): a delivery kept claimed by the instance that acknowledged it', () => {
  const items = [1, 2, 3].map((id): InboxItem => ({
    projectId: 1,
    stepId: 12,
    languageId: 'uk',
    revision: 4,
    string: { id, text: `string ${id}` },
  }));
  const take = () => true;

  it('is routed by that instance alone; delivered again meanwhile, the other routes it after, checking first', async () => {
    const location = await backends.PostgreSQL();
    const one = await open(location);
    const two = await open(location);
    const kept = await one.inbox.put('acme', items, { owner: 'one', leaseMs: 60_000, take });
    expect(kept).toMatchObject({ queued: 3, repeats: 0, checked: 0 });
    expect(kept.claimed.map((i) => [i.string.id, i.check])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    expect(await two.inbox.claim('two', 60_000, 500)).toBeNull();
    // Delivered again while `one` routes it: kept to be routed again after, and not claimed by `two`'s put.
    const again = await two.inbox.put('acme', items, { owner: 'two', leaseMs: 60_000, take });
    expect(again).toMatchObject({ queued: 0, checked: 3, claimed: [] });
    expect(await two.inbox.claim('two', 60_000, 500)).toBeNull();
    await one.inbox.done('one', 'acme', kept.claimed);
    const after = await two.inbox.claim('two', 60_000, 500);
    expect(after?.items.map((i) => [i.string.id, i.check])).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
  });

  it('is taken over once the lease runs out (its instance died), to be checked first', async () => {
    const location = await backends.PostgreSQL();
    const one = await open(location);
    const two = await open(location);
    // A lease already over: what a dead instance leaves.
    await one.inbox.put('acme', items, { owner: 'one', leaseMs: -1000, take });
    const taken = await two.inbox.claim('two', 60_000, 500);
    expect(taken?.items.map((i) => [i.string.id, i.check])).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    expect(
      await one.inbox.renew(
        'one',
        taken!.items.map((i) => i.id),
        60_000,
      ),
    ).toBe(false);
  });
});

describe('RouterStore (embedded): the folder and the JSON store of earlier releases', () => {
  it('keeps the folder private', async () => {
    const location = join(folder(), 'store.json');
    await open(location);
    expect(statSync(location).mode & 0o777).toBe(0o700);
  });

  it("migrates today's JSON file on first start and keeps it beside, renamed", async () => {
    const dir = folder();
    const location = join(dir, 'store.json');
    const json = JSON.stringify({
      version: 1,
      installations: { acme: installation },
      steps: {
        'acme|12': {
          organization: 'acme',
          stepId: 12,
          projectId: 1,
          workflowId: 3,
          templateId: null,
          settings: { rules: [], default: 'false' },
          savedAt: 'then',
          languages: ['uk', 'de'],
        },
      },
    });
    writeFileSync(location, json);
    const store = await open(location, { secretKey: KEY });
    expect(store.migratedJson).toBe(`${location}.v1-backup.json`);
    expect(readFileSync(`${location}.v1-backup.json`, 'utf8')).toBe(json);
    expect(statSync(location).isDirectory()).toBe(true);
    const again = await reopen(store, location, { secretKey: KEY });
    expect(again.migratedJson).toBeNull();
    expect(again.installation('acme')).toEqual(installation);
    expect(again.step('acme', 12)).toMatchObject({ workflowId: 3, settings: { default: 'false' } });
    expect(again.step('acme', 12)?.languages.sort()).toEqual(['de', 'uk']);
    expect(readdirSync(dir).sort()).toEqual(['store.json', 'store.json.v1-backup.json']);
  });

  it('refuses to start on a file it cannot read, and leaves it alone', async () => {
    const location = join(folder(), 'store.json');
    writeFileSync(location, '{"version": 1, "installations": {');
    await expect(open(location)).rejects.toThrow(/is not JSON/);
    writeFileSync(location, '{"version": 2}');
    await expect(open(location)).rejects.toThrow(/not a CroQL Router store/);
    expect(readFileSync(location, 'utf8')).toBe('{"version": 2}');
  });

  it('keys an installation by domain, else by organization id', () => {
    expect(organizationKey('acme', 200)).toBe('acme');
    expect(organizationKey(null, 200)).toBe('200');
    expect(organizationKey('', '200')).toBe('200');
  });
});
