import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDemoDataset } from './demo.ts';
import { datasetFromJson } from './load.ts';
import { packSummary, SUMMARY_FLAGS, SummaryEntry, unpackSummary } from './summary.ts';

describe('packed languages summaries', () => {
  it('read back exactly what was packed, over the whole range', () => {
    const summary = fc.record({
      language: fc.integer({ min: 0, max: 7 }),
      flags: fc.integer({ min: 0, max: 2 ** SUMMARY_FLAGS.length - 1 }),
      approvalsCount: fc.integer({ min: 0, max: 7 }),
      rating: fc.integer({ min: -8, max: 7 }),
      hour: fc.integer({ min: 0, max: 2 ** 19 - 1 }),
    });
    fc.assert(
      fc.property(summary, (s) => {
        expect(unpackSummary(packSummary(s))).toEqual(s);
      }),
    );
    expect(() => packSummary({ language: 0, flags: 0, approvalsCount: 0, rating: 9, hour: 0 })).toThrow(
      RangeError,
    );
  });

  it('give demo strings the summary a data file with the same strings has', () => {
    const demo = generateDemoDataset({ strings: 400 });
    // The demo string as Context JSON (its summary written out as objects), loaded back as a data file.
    const loaded = datasetFromJson(JSON.parse(JSON.stringify({ strings: demo.strings })));
    expect(loaded.strings.map((s) => s.languagesSummary)).toEqual(
      demo.strings.map((s) => s.languagesSummary),
    );
    // A duplicate that shares its master's translations has the master's summary, each entry shared.
    const shared = demo.strings.find(
      (s) =>
        s.isDuplicate &&
        (s.translations as unknown[]).length > 0 &&
        s.translations === demo.strings[(s.masterStringId as number) - 1]!.translations,
    )!;
    const master = demo.strings[(shared.masterStringId as number) - 1]!;
    expect(shared.languagesSummary).toEqual(
      (master.languagesSummary as object[]).map((e) => ({ ...e, hasSharedTranslation: true })),
    );
  });

  it('write an entry as the Context JSON object: the flags set, each from its own bit, in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** SUMMARY_FLAGS.length - 1 }), (flags) => {
        const entry = new SummaryEntry('uk', flags, '2025-06-01T10:00:00+00:00', -2, 3);
        const expected: Record<string, unknown> = { language: 'uk' };
        for (const [i, flag] of SUMMARY_FLAGS.entries()) if (flags & (1 << i)) expected[flag] = true;
        Object.assign(expected, {
          translationUpdated: '2025-06-01T10:00:00+00:00',
          rating: -2,
          approvalsCount: 3,
        });
        // Byte for byte, so the order of the fields counts too.
        expect(JSON.stringify(entry)).toBe(JSON.stringify(expected));
        for (const flag of SUMMARY_FLAGS) expect(entry[flag]).toBe(expected[flag]);
      }),
    );
  });
});
