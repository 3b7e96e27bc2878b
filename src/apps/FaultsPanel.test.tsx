// @vitest-environment happy-dom
// The Faults panel's examples: one of each kind of rule, each a rule the emulator takes, and picking one
// puts it in the box to edit and add.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { validateFaultRules } from '../server/emulator/faults/rules.ts';
import { keys } from '../connection/keys.ts';
import { DELIVERY_FAULTS } from '../wire/faults.ts';
import { FAULT_EXAMPLES } from './fault-examples.ts';
import { FaultsPanel } from './FaultsPanel.tsx';
import { ORIGIN, renderWith } from './testing.tsx';

describe('the Faults panel', () => {
  it('offers an example of every delivery fault and the shorter retry schedule, each one the emulator takes', () => {
    const rules = FAULT_EXAMPLES.flatMap((e) => e.rules);
    expect(() => validateFaultRules(rules)).not.toThrow();
    for (const fault of DELIVERY_FAULTS) expect(rules.map((r) => r.delivery)).toContain(fault);
    expect(rules.some((r) => r.retrySchedule)).toBe(true);
  });

  it('puts the picked example in the box, where it can be edited before Add', async () => {
    const user = userEvent.setup();
    renderWith(<FaultsPanel origin={ORIGIN} />, (client) => {
      client.setQueryData(keys.appsFaults(ORIGIN), { seed: 1, rules: [] });
      client.setQueryData(keys.appsLimits(ORIGIN), { max: 20, accounts: [] });
    });
    const box = screen.getByLabelText(/^Add rules/) as HTMLTextAreaElement;
    expect(JSON.parse(box.value)).toEqual([
      { method: 'GET', path: '/api/v2/projects/*/strings', status: 429, count: 2 },
    ]);
    await user.selectOptions(
      screen.getByLabelText('Start from an example'),
      'Deliveries: drop the next batch',
    );
    expect(JSON.parse(box.value)).toEqual([{ delivery: 'drop', count: 1 }]);
  });
});
