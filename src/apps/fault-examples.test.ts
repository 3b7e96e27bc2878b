// The Faults panel's examples do what their labels say, as the emulator's rules pick requests.
import { describe, expect, it } from 'vitest';
import { FaultRules } from '../server/emulator/faults/rules.ts';
import { FAULT_EXAMPLES } from './fault-examples.ts';

describe('the Faults panel’s examples', () => {
  it('mean "every request" where they say so: the listings’ paths too, not only /api/v2/x', () => {
    const every = FAULT_EXAMPLES.filter((e) => e.label.includes('every request'));
    expect(every.length).toBeGreaterThanOrEqual(2);
    for (const example of every) {
      const rules = new FaultRules();
      rules.add(example.rules);
      for (const path of ['/api/v2/user', '/api/v2/projects/1/languages/uk/translations']) {
        const picked = rules.pickRequest({ method: 'GET', path, account: [], app: null });
        expect(picked, `${example.label}: ${path}`).not.toBe(null);
      }
    }
  });
});
