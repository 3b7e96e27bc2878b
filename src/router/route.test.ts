import { describe, expect, it } from 'vitest';
import { compileModel, type ContextObject } from '../croql/index.ts';
import { generateDemoDataset } from '../server/emulator/data/demo.ts';
import type { Lookups } from './event-context.ts';
import { checkRule, type RulePlan } from './plan.ts';
import { route, type ListingVerdict, type RuleRunner } from './route.ts';
import { deliveredString as delivered } from './testing.ts';
import type { OutputPort } from './settings.ts';

const data = generateDemoDataset({ strings: 600, seed: 3 });
const env = { users: [], languages: [], now: new Date('2025-06-01T00:00:00Z') };

const strings = data.strings.map(delivered);
const lookups: Lookups = {
  labels: new Map(data.labels.map((l) => [l.id, l])),
  branches: new Map(data.branches.map((b) => [b.id, { id: b.id, name: b.name, title: b.title }])),
};

function planOf(
  query: string,
  output: OutputPort = 'true',
): { plan: RulePlan; predicate: (o: ContextObject) => boolean } {
  const check = checkRule({ query, output }, {});
  if (!check.ok) throw new Error(check.diagnostics[0]!.message);
  return { plan: check.plan, predicate: compileModel(check.model, env) };
}

const noListing = async (): Promise<ListingVerdict> => {
  throw new Error('the listing was asked');
};

const LOCAL_RULES = [
  'text contains "Save"',
  // Plural strings: the delivery carries one form, so their text is read through the listing.
  'text contains "message"',
  'text = "%d messages"',
  'identifier contains "save" and not is hidden',
  'max length > 0 and max length <= 40',
  'type is plural or type is icu',
  'is duplicate or is visible',
  'count of labels where (title = "legal") > 0',
  'count of labels where (is system) = 0 and count of labels > 1',
  'name of file = "checkout.json" or title of file contains "Onboarding"',
  'name of branch = "main"',
  "added > '2024-06-01' and updated between '2024-01-01' and '2025-01-01'",
  'context contains "button"',
];

describe('a local rule routes as the compiled predicate over the listing’s contexts', () => {
  for (const query of LOCAL_RULES) {
    it(query, async () => {
      const { plan, predicate } = planOf(query);
      expect(plan.path).toBe('local');
      // The listing's verdict is the core's over the listing's own contexts.
      const listed = new Set(data.strings.filter(predicate).map((s) => s.id as number));
      const routed = await route({
        strings,
        rules: [{ output: 'true', predicate }],
        fallback: 'false',
        lookups,
        listing: async () => ({ ids: listed }),
      });
      const expected = data.strings.map((s) => (predicate(s) ? 'true' : 'false'));
      expect(routed.outputs).toEqual(expected);
      // The rule splits the demo data: the comparison can fail.
      expect(new Set(expected).size).toBe(2);
    });
  }
});

describe('route', () => {
  const hidden = planOf('is hidden');
  const legal = planOf('count of labels where (title = "legal") > 0', 'false');

  it('sends each string to the first rule it matches, else to the default', async () => {
    const rules: RuleRunner[] = [
      { output: 'true', predicate: hidden.predicate },
      { output: 'false', predicate: legal.predicate },
    ];
    const routed = await route({
      strings,
      rules,
      fallback: 'true',
      lookups,
      listing: noListing,
    });
    data.strings.forEach((s, i) => {
      const want = hidden.predicate(s) ? 'true' : legal.predicate(s) ? 'false' : 'true';
      expect(routed.outputs[i]).toBe(want);
    });
    expect(routed.counts.reduce((a, b) => a + b)).toBe(strings.length);
  });

  it('asks the listing once per rule, only for strings no earlier rule took', async () => {
    const asked: number[] = [];
    const apiIds = new Set(strings.filter((_, i) => i % 3 === 0).map((s) => s.id));
    const routed = await route({
      strings,
      rules: [
        { output: 'true', predicate: hidden.predicate },
        { output: 'false', predicate: null },
        { output: 'true', predicate: null },
      ],
      fallback: 'true',
      lookups,
      listing: async (rule) => {
        asked.push(rule);
        return { ids: apiIds };
      },
    });
    expect(asked).toEqual([1, 2]);
    data.strings.forEach((s, i) => {
      const want = hidden.predicate(s) ? 'true' : apiIds.has(s.id as number) ? 'false' : 'true';
      expect(routed.outputs[i]).toBe(want);
    });
  });

  it('never asks the listing when every string matched before the rule', async () => {
    const routed = await route({
      strings: strings.slice(0, 5),
      rules: [
        { output: 'true', predicate: () => true },
        { output: 'false', predicate: null },
      ],
      fallback: 'false',
      lookups,
      listing: noListing,
    });
    expect(routed.outputs).toEqual(['true', 'true', 'true', 'true', 'true']);
  });

  it('parks the strings that reach a refused rule with "" and says why; earlier matches still route', async () => {
    const routed = await route({
      strings,
      rules: [
        { output: 'true', predicate: hidden.predicate },
        { output: 'false', predicate: null },
      ],
      fallback: 'true',
      lookups,
      listing: async () => ({ refused: 'Field isPassedWorkflow is not available' }),
    });
    const hiddenCount = data.strings.filter(hidden.predicate).length;
    expect(routed.outputs.filter((o) => o === 'true')).toHaveLength(hiddenCount);
    expect(routed.outputs.filter((o) => o === '')).toHaveLength(strings.length - hiddenCount);
    expect(routed.parked).toEqual([
      { rule: 1, reason: 'Field isPassedWorkflow is not available', count: strings.length - hiddenCount },
    ]);
  });

  it('asks the listing for a local rule when the delivery lacks what it reads', async () => {
    const noText = { ...strings[0]!, id: 99_001, text: undefined };
    const noFile = { ...strings[1]!, id: 99_002, file: null };
    // One form of a plural string ("%d files"): whether another form matches, only the listing knows.
    const plural = { ...strings[2]!, id: 99_003, type: 'plural', hasPlurals: true, text: '%d files' };
    const text = planOf('text contains "file!"');
    const fileName = planOf('name of file = "x.json"');
    const verdict = { ids: new Set([99_001, 99_003]) };
    const routed = await route({
      strings: [noText, noFile, plural],
      rules: [
        { output: 'true', predicate: text.predicate },
        { output: 'true', predicate: fileName.predicate },
      ],
      fallback: 'false',
      lookups,
      listing: async () => verdict,
    });
    expect(routed.outputs).toEqual(['true', 'false', 'true']);
  });

  it('does not guess a label the project no longer lists', async () => {
    const s = { ...strings[0]!, labelIds: [424242] };
    const asked: number[] = [];
    await route({
      strings: [s],
      rules: [{ output: 'true', predicate: legal.predicate }],
      fallback: 'false',
      lookups,
      listing: async (r) => {
        asked.push(r);
        return { ids: new Set() };
      },
    });
    expect(asked).toEqual([0]);
  });
});
