// The demo data (demo.ts) as the core evaluates it: the dataset, an EvalEnv naming its users and
// languages at a fixed "now", and the same as analyze's options. One fixture for the core's hostile-input
// property test (src/croql/time.property.test.ts) and its bench (src/bench/croql-hostile.bench.ts), so both
// measure and check the same thing.
import type { EvalEnv } from '../../../croql/types.ts';
import { generateDemoDataset } from './demo.ts';
import type { Dataset } from './model.ts';

/** The fixed "now" of relative dates (`updated in last 7 days`), so a run does not depend on the day. */
export const DEMO_NOW = new Date('2026-01-15T12:00:00Z');

export function demoEvalEnv(): {
  demo: Dataset;
  env: EvalEnv;
  options: { users: EvalEnv['users']; languages: EvalEnv['languages'] };
} {
  const demo = generateDemoDataset();
  const env: EvalEnv = {
    users: demo.users.map(({ id, username }) => ({ id, username })),
    languages: demo.languages.map((l) => l.id),
    now: DEMO_NOW,
  };
  return { demo, env, options: { users: env.users, languages: env.languages } };
}
