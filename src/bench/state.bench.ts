// Saving the emulator's state must cost about what writing the same objects does: a state in which the API
// changed all 200,000 strings (the most the `data` part can hold; it keeps only changes) and a step holds
// 10,000 string statuses, saved by the keeper (the document taken, written a chunk at a time to a temporary
// file, fsync, rename), against JSON.stringify of the same document written to a file with one write and
// an fsync. Rounds alternate; each side's figure is its median.
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmulator } from '../server/emulator/app.ts';
import { generateDemoDataset } from '../server/emulator/data/demo.ts';
import { median, row, type BenchRow } from './stats.ts';

const STRINGS = 200_000;
const STATUSES = 10_000;
const ROUNDS = 7;

export default async function stateBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'croql-state-bench-'));
  const file = join(dir, 'state.json');
  const emulator = createEmulator({
    data: generateDemoDataset({ strings: STRINGS }),
    organization: 'acme',
    state: { file },
  });
  try {
    const updated = '2026-11-28T12:00:00+00:00';
    for (const s of emulator.config.data.strings) {
      emulator.edits.apply({ id: s.id as number, text: `changed ${String(s.id)}`, isHidden: false, updated });
    }
    const { steps } = emulator.apps;
    const step = steps.add({
      projectId: 1,
      appId: 'bench-app',
      moduleKey: 'review',
      title: 'Review',
      languages: ['uk'],
      outputs: [{ title: 'Good', port: 'translated' }],
      createdAt: 0,
    });
    const ids = emulator.config.data.strings.slice(0, STATUSES).map((s) => s.id as number);
    steps.put(step, ids, ['uk'], 'string.added', () => true);

    const ours: number[] = [];
    const plain: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let t0 = performance.now();
      bytes = (await emulator.state.save()).bytes;
      ours.push(performance.now() - t0);

      const doc = emulator.state.document();
      t0 = performance.now();
      const fd = openSync(join(dir, 'plain.json'), 'w', 0o600);
      writeSync(fd, JSON.stringify(doc));
      fsyncSync(fd);
      closeSync(fd);
      plain.push(performance.now() - t0);
    }
    if (statSync(file).size !== bytes) throw new Error('bench: the saved file is not the size the save said');
    return [
      row(
        `state: save ${STRINGS.toLocaleString('en-US')} changed strings and ${STATUSES.toLocaleString('en-US')} step statuses (${(bytes / 1e6).toFixed(1)} MB; atomic, streamed) (baseline: JSON.stringify of the same document, one write and fsync), median of ${ROUNDS}`,
        median(ours),
        'ms',
        median(plain),
        2,
      ),
    ];
  } finally {
    emulator.apps.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
