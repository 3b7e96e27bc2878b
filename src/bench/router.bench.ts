// CroQL Router (src/router). Routing a 500-string delivery with a local rule (the issue's "strings labelled
// legal"): route() over the delivered strings (contexts pointed at each string, the predicate, the outputs)
// against the compiled predicate alone over the same contexts, made beforehand (target ≤ 2). Samples
// alternate between the two, so a busy machine slows both alike.
import { compileModel, type ContextObject } from '../croql/index.ts';
import { DeliveredContext, type Lookups } from '../router/event-context.ts';
import { checkRule } from '../router/plan.ts';
import { route } from '../router/route.ts';
import { deliveredString } from '../router/testing.ts';
import { generateDemoDataset } from '../server/emulator/data/demo.ts';
import { median, row, type BenchRow } from './stats.ts';

const BATCH = 500;
const RULE = 'count of labels where (title = "legal") > 0';

async function routing(): Promise<BenchRow> {
  const data = generateDemoDataset({ strings: BATCH, seed: 11 });
  const strings = data.strings.map(deliveredString);
  const lookups: Lookups = {
    labels: new Map(data.labels.map((l) => [l.id, l])),
    branches: new Map(data.branches.map((b) => [b.id, { id: b.id, name: b.name, title: b.title }])),
  };
  const check = checkRule({ query: RULE, output: 'true' }, {});
  if (!check.ok || check.plan.path !== 'local') throw new Error(`${RULE} must be a local rule`);
  const predicate = compileModel(check.model, { users: [], languages: [], now: new Date() });
  const contexts: ContextObject[] = strings.map((s) => new DeliveredContext(lookups).point(s));
  const rules = [{ output: 'true' as const, predicate }];
  const listing = () => Promise.reject(new Error('a local rule asked the listing'));

  let matched = 0;
  const alone = () => {
    for (let i = 0; i < contexts.length; i++) if (predicate(contexts[i]!)) matched++;
  };
  const routed = async () => {
    const r = await route({ strings, rules, fallback: 'false', lookups, listing });
    matched += r.counts[0]!;
  };
  const timeAlone = () => {
    const t0 = performance.now();
    for (let k = 0; k < 20; k++) alone();
    return ((performance.now() - t0) * 1000) / 20;
  };
  const timeRouted = async () => {
    const t0 = performance.now();
    for (let k = 0; k < 20; k++) await routed();
    return ((performance.now() - t0) * 1000) / 20;
  };
  for (let i = 0; i < 200; i++) {
    alone();
    await routed();
  }
  const a: number[] = [];
  const b: number[] = [];
  const start = performance.now();
  while (a.length < 60 || performance.now() - start < 1500) {
    a.push(timeAlone());
    b.push(await timeRouted());
  }
  if (matched === 0) throw new Error('the rule matched nothing: the figure would measure nothing');
  return row(
    `router: route 500 delivered strings, local rule (labelled legal)`,
    median(b),
    'µs',
    median(a),
    2,
  );
}

export default async function bench(): Promise<BenchRow[]> {
  return [await routing()];
}
