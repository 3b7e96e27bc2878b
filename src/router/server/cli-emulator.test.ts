// `npm run router -- --emulator URL` as a process, restarted: the README's "Try it against the emulator", run
// a second time on the store the first run kept, against an emulator started afresh.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPS_ROUTES } from '../../wire/apps-routes.ts';
import { call } from '../../server/emulator/apps/testing.ts';
import { startEmulator } from '../../server/emulator/testing.ts';
import { spawnRouter } from './processes.ts';

const LANGUAGES = ['uk', 'de', 'fr', 'es', 'ja'];
/** The path of a step's string statuses (./batch.ts statusPath), its language captured. */
const STATUS_PATH = /\/workflow-steps\/\d+\/languages\/([^/]+)\/status/;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'croql-router-emulator-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each start goes through tsx (seconds on a loaded 2-core machine), and a router whose settings page is older
// than the sources builds it as it starts (./page.ts, one build at a time, put in place whole).
describe('npm run router -- --emulator, started twice on one store', { timeout: 180_000 }, () => {
  it('reads its step only once set up in the emulator: no warning at start, every language read', async () => {
    const store = join(dir, 'store');
    for (const run of ['first start', 'restart on the kept store']) {
      // A new emulator each time, as after stopping both: it knows nothing of the store's installation.
      const emulator = await startEmulator({ organization: 'acme', apps: { batchIntervalSeconds: 0 } });
      const router = await spawnRouter(['--emulator', emulator.url, '--store', store]);
      try {
        const output = () => router.output.join('');
        await vi.waitFor(() => expect(output()).toContain('Send it strings'), {
          timeout: 120_000,
          interval: 50,
        });
        // The first pass at start reads what waits on the step, one language after another.
        await vi.waitFor(
          async () => {
            const { json } = await call(emulator.url, APPS_ROUTES.calls, {
              query: { app: 'croql-router', limit: 500 },
            });
            const read = json.data
              .filter((c) => c.kind === 'api' && c.method === 'GET' && c.status === 200)
              .map((c) => STATUS_PATH.exec(c.path))
              .flatMap((m) => (m ? [decodeURIComponent(m[1]!)] : []));
            expect(new Set(read), run).toEqual(new Set(LANGUAGES));
          },
          { timeout: 60_000, interval: 100 },
        );
        expect(output(), run).not.toContain('Could not read');
        expect(output(), run).not.toContain('"level":"error"');
      } finally {
        await router.kill();
        await emulator.close();
      }
    }
  });
});
