// @vitest-environment happy-dom
// An installed app's UI modules in the Apps view: each listed with its access in the edition's words (or why
// it is not offered), a user and project to open it as, and what went wrong shown beside the module. (The
// refusals themselves are the emulator's: src/server/emulator/apps/ui-modules.test.ts.)
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { UiModuleInfo } from '../wire/app-modules.ts';
import { app, ORIGIN, renderWith } from './testing.tsx';
import { UiModules } from './UiModules.tsx';

const module = (over: Partial<UiModuleInfo>): UiModuleInfo => ({
  type: 'project-menu',
  key: 'menu',
  name: 'Menu',
  url: '/menu',
  offered: true,
  notOffered: null,
  access: { category: 'owner', users: [] },
  categories: ['owner', 'managers', 'all', 'restricted'],
  scope: 'project',
  editorPanel: false,
  ...over,
});

it('lists each module with its access, and says why one is not offered', () => {
  const modules = [
    module({}),
    module({
      key: 'panel',
      name: 'Panel',
      type: 'editor-right-panel',
      editorPanel: true,
      access: { category: 'restricted', users: ['bob'] },
    }),
    module({
      key: 'org',
      name: 'Org',
      type: 'organization-menu',
      offered: false,
      notOffered: 'Enterprise only.',
    }),
  ];
  renderWith(<UiModules origin={ORIGIN} app={app({ uiModules: modules })} edition="crowdin-enterprise" />);
  const [menu, panel, org] = screen.getAllByTestId('ui-module') as [HTMLElement, HTMLElement, HTMLElement];
  expect(menu.textContent).toContain('Access: Only admins');
  expect(panel.textContent).toContain('Access: Custom Access (selected users): bob');
  expect(org.textContent).toContain('Enterprise only.');
  expect(within(org).queryByRole('button', { name: 'Open' })).toBeNull();
});

it('Open says what went wrong beside the module, and opens nothing', async () => {
  const user = userEvent.setup();
  renderWith(<UiModules origin={ORIGIN} app={app({ uiModules: [module({})] })} edition="crowdin" />);
  const menu = screen.getByTestId('ui-module');
  await user.type(within(menu).getByLabelText('User'), 'bob');
  await user.click(within(menu).getByRole('button', { name: 'Open' }));
  expect((await within(menu).findByRole('alert')).textContent).not.toBe('');
  expect(screen.queryByTestId('module-page')).toBeNull();
});

it('an app without UI modules shows no section', () => {
  renderWith(<UiModules origin={ORIGIN} app={app()} edition="crowdin" />);
  expect(screen.queryByTestId('ui-modules')).toBeNull();
});
