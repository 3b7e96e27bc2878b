// @vitest-environment happy-dom
// An installed app's card on screen: what Trigger offers, calling a file-processing module, Copy buttons
// named by what they copy, and Uninstall asked in sight with focus.
import { act, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STEP_EVENT, type AppInfo } from '../wire/apps.ts';
import { AppCard } from './AppCard.tsx';
import { app, ORIGIN, renderWith, text } from './testing.tsx';

function card(info: AppInfo) {
  const { container } = renderWith(<AppCard origin={ORIGIN} app={info} edition="enterprise" />);
  return within(container as HTMLElement).getByTestId('installed-app');
}

// A module key names one module of an app (the manifest refuses a key used twice).
const webhook = (events: string[], active = true, key = 'hook') => ({
  key,
  url: 'http://127.0.0.1:3000/hook',
  events,
  active,
});

describe("an app's card", () => {
  it('offers Trigger only the events the app subscribes to', async () => {
    const user = userEvent.setup();
    const shown = card(
      app({
        webhooks: [webhook(['string.added', 'file.added']), webhook(['task.added'], false, 'tasks')],
      }),
    );
    await user.click(within(shown).getByText('Trigger an event'));
    const options = within(shown).getByRole('combobox', { name: 'Event' }).querySelectorAll('option');
    // Documented order; an inactive module's event is not offered.
    expect([...options].map((o) => o.value)).toEqual(['file.added', 'string.added']);
  });

  it('says a step app has nothing to trigger: its event goes when strings reach a step', async () => {
    const user = userEvent.setup();
    const shown = card(app({ webhooks: [webhook([STEP_EVENT])] }));
    await user.click(within(shown).getByText('Trigger an event'));
    const trigger = within(shown).getByTestId('trigger-event');
    expect(within(trigger).queryByRole('combobox')).toBeNull();
    expect(text(trigger)).toContain(`${STEP_EVENT} goes when strings reach a step`);
    expect(text(trigger)).toContain('nothing to trigger here');
  });

  it('offers a call of its file-processing modules only, with the job for a custom file format', async () => {
    const user = userEvent.setup();
    expect(
      within(card(app({ modules: [{ group: 'webhook', key: 'hook', hosted: true }] }))).queryByTestId(
        'module-call',
      ),
    ).toBeNull();
    const shown = card(
      app({
        appId: 'fmt-app',
        modules: [
          { group: 'custom-file-format', key: 'fmt', hosted: true },
          { group: 'file-pre-import', key: 'pre', hosted: true },
          { group: 'custom-mt', key: 'mt', hosted: false },
        ],
      }),
    );
    const call = within(shown).getByTestId('module-call');
    await user.click(within(call).getByText('Call a file-processing module'));
    const module = within(call).getByRole('combobox', { name: 'Module' });
    expect([...module.querySelectorAll('option')].map((o) => o.value)).toEqual(['fmt', 'pre']);
    expect(within(call).getByRole('combobox', { name: 'Job' })).toBeTruthy();
    await user.selectOptions(module, 'pre');
    expect(within(call).queryByRole('combobox', { name: 'Job' })).toBeNull();
  });

  it('names each Copy by what it copies, and says it copied', async () => {
    const user = userEvent.setup();
    const shown = card(app());
    const copy = within(shown).getByRole('button', { name: 'Copy App secret of CroQL Router' });
    await user.click(copy);
    expect(text(copy)).toBe('✓ Copied App secret of CroQL Router');
    expect(await navigator.clipboard.readText()).toBe('secret-of-the-app');
  });

  it('asks before uninstalling, in sight with focus on Uninstall; Escape closes and gives focus back', async () => {
    const user = userEvent.setup();
    const shown = card(app());
    await user.click(within(shown).getByRole('button', { name: 'Uninstall…' }));
    const question = within(shown).getByRole('group', { name: 'Uninstall CroQL Router?' });
    expect(text(question)).toContain('The app gets the uninstall event');
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Uninstall' }));
    await act(() => user.keyboard('{Escape}'));
    expect(within(shown).queryByRole('group', { name: 'Uninstall CroQL Router?' })).toBeNull();
    expect(document.activeElement).toBe(within(shown).getByRole('button', { name: 'Uninstall…' }));
  });
});
