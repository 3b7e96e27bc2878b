// @vitest-environment happy-dom
// A workflow step on screen: its counts as one Tab stop moved with the arrows, the strings of a count with
// their outputs by name, and what an inactive step offers.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { keys } from '../connection/keys.ts';
import type { StepInfo, StepStringsResponse } from '../wire/apps.ts';
import { STEP_STRINGS_PAGE } from './queries.ts';
import { StepPanel } from './StepPanel.tsx';
import { ORIGIN, renderWith, step, text } from './testing.tsx';

function strings(over: Partial<StepStringsResponse> = {}): StepStringsResponse {
  return {
    data: [
      {
        stringId: 7,
        languageId: 'uk',
        stepId: 101,
        status: 'DONE',
        output: 'true',
        identifier: 'pay',
        text: 'Pay now',
      },
      {
        stringId: 8,
        languageId: 'uk',
        stepId: 101,
        status: 'DONE',
        output: 'false',
        identifier: 'back',
        text: 'Back',
      },
    ],
    total: 2,
    offset: 0,
    limit: STEP_STRINGS_PAGE,
    ...over,
  };
}

function showStep(info: StepInfo = step({ active: false })) {
  return renderWith(<StepPanel origin={ORIGIN} step={info} type={null} edition="enterprise" />, (client) => {
    // The strings shown at first (the first language, any status), and those of uk DONE.
    client.setQueryData(keys.appsStepStringsPage(ORIGIN, info.id, 'uk', '', 0), strings());
    client.setQueryData(keys.appsStepStringsPage(ORIGIN, info.id, 'uk', 'DONE', 0), strings());
    client.setQueryData(
      keys.appsStepStringsPage(ORIGIN, info.id, 'de', 'DONE', 0),
      strings({ data: [], total: 0 }),
    );
  });
}

const counts = () => within(screen.getByTestId('step-counts')).getAllByRole('button');

describe('a workflow step', () => {
  it('makes its 10 counts one Tab stop, the arrow keys moving between them', async () => {
    const user = userEvent.setup();
    showStep();
    const buttons = counts();
    expect(buttons).toHaveLength(10);
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([buttons[0]]);
    await user.tab();
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(buttons[2]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(buttons[7]);
    // Still one stop: the one focused last.
    expect(counts().filter((b) => b.tabIndex === 0)).toEqual([buttons[7]]);
    // Tab leaves the table at once, to the strings' Language picker.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Language' }));
  });

  it("names each count by language and status, and opens that count's strings with outputs by name", async () => {
    const user = userEvent.setup();
    showStep();
    const done = screen.getByRole('button', { name: 'uk Done: 2' });
    await user.click(done);
    expect(done.getAttribute('aria-pressed')).toBe('true');
    const rows = within(screen.getByTestId('step-strings')).getAllByRole('row').slice(1);
    const cells = rows.map((r) => [...r.querySelectorAll('td')].map((c) => text(c)));
    expect(cells).toEqual([
      ['#7 pay Pay now', 'Done', 'Matched'],
      ['#8 back Back', 'Done', 'Not matched'],
    ]);
    await user.click(screen.getByRole('button', { name: 'de Done: 0' }));
    expect(text(screen.getByText(/^No string of this step/))).toBe('No string of this step is done in de.');
  });

  it('says an inactive step routes nothing, and offers no Send nor settings on it', () => {
    showStep(step({ active: false }));
    const panel = screen.getByTestId('workflow-step');
    expect(text(panel)).toContain('Inactive: it was added under an earlier install of this app');
    expect(within(panel).queryByRole('form')).toBeNull();
    expect(within(panel).queryByTestId('step-settings')).toBeNull();
  });

  it('offers to re-trigger the failed strings only when some failed', () => {
    showStep(step({ active: false, counts: { uk: { DONE: 2 } } }));
    expect(screen.queryByRole('button', { name: 'Re-trigger the failed strings' })).toBeNull();
    showStep(step({ active: false, id: 102 }));
    expect(
      text(screen.getByRole('button', { name: 'Re-trigger the failed strings' }).parentElement),
    ).toContain('1 string FAILED');
  });
});
