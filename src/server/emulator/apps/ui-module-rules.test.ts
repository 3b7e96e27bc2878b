// Each UI module type's manifest rules (the keys its docs page requires and allows, the editions its
// environments may name) and the permissions matrix per edition (which categories each type offers, and who
// passes each category).
import { describe, expect, it } from 'vitest';
import { UI_MODULE_TYPES, type ModuleAccessCategory, type UiModuleType } from '../../../wire/app-modules.ts';
import type { DemoUser } from '../data/model.ts';
import { validateManifest } from './manifest.ts';
import { accessRefusal, initialAccess } from './ui-module-access.ts';
import { offeredCategories, UI_TYPE_RULES } from './ui-module-types.ts';

/** A valid entry of each type, as its docs page's Structure example has it. */
const EXAMPLES: Record<UiModuleType, Record<string, unknown>> = {
  'project-menu': { key: 'm', name: 'Module name', url: '/project-page' },
  'project-menu-crowdsource': { key: 'm', name: 'Module name', url: '/crowdsource-page' },
  'project-tools': { key: 'm', name: 'Module name', description: 'd', logo: '/logo.png', url: '/tools-page' },
  'project-reports': { key: 'm', name: 'Module name', logo: '/logo.png', url: '/reports-page' },
  'project-integrations': { key: 'm', name: 'Module name', logo: '/logo.png', url: '/integration-page' },
  'editor-right-panel': {
    key: 'm',
    name: 'Module name',
    modes: ['translate'],
    supportsMultipleStrings: false,
    url: '/editor-page',
  },
  'editor-translations-panel': { key: 'm', name: 'Module name', modes: ['translate'], url: '/editor-page' },
  'editor-asset-panel': {
    key: 'm',
    name: 'Module name',
    url: '/editor-page',
    fileNamePattern: '^.+\\.xyz$',
    environments: ['crowdin', 'crowdin-enterprise'],
  },
  'organization-menu': { key: 'm', name: 'Module name', url: '/organization-page', icon: '/images/icon.png' },
  'organization-menu-crowdsource': { key: 'm', name: 'Module name', url: '/page' },
  'organization-settings-menu': { key: 'm', name: 'Module name', url: '/settings-page', icon: '/icon.png' },
  'profile-resources-menu': {
    key: 'm',
    name: 'Module name',
    url: '/resource-page',
    icon: '/images/icon.png',
    environments: 'crowdin',
  },
  'profile-settings-menu': { key: 'm', name: 'Module name', url: '/profile-settings-page' },
  modal: { key: 'm', name: 'Module name', url: '/module-url' },
};

const manifest = (type: string, entry: Record<string, unknown>) => ({
  identifier: 'ui-app',
  name: 'UI App',
  baseUrl: 'https://app.example.com',
  authentication: { type: 'crowdin_app', clientId: 'client-1' },
  events: { installed: '/installed' },
  scopes: ['project'],
  modules: { [type]: [entry] },
});
const report = (type: string, entry: Record<string, unknown>) =>
  validateManifest(manifest(type, entry)).report;
const errorPointers = (type: string, entry: Record<string, unknown>) =>
  report(type, entry).errors.map((e) => e.pointer);

describe('the manifest rules of each UI module type', () => {
  it.each(UI_MODULE_TYPES)("%s: its docs page's example is valid and not called unhosted", (type) => {
    const r = report(type, EXAMPLES[type]);
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((w) => w.rule)).not.toContain('unhosted-module');
  });

  it.each(
    UI_MODULE_TYPES.flatMap((t) => ['key', 'name', 'url', ...UI_TYPE_RULES[t].required].map((k) => [t, k])),
  )('%s: without %s it is refused, at that key', (type, key) => {
    const { [key]: _gone, ...entry } = EXAMPLES[type as UiModuleType];
    const r = report(type, entry);
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.pointer)).toEqual([`/modules/${type}/0/${key}`]);
  });

  it.each(UI_MODULE_TYPES)('%s: a key its page does not list is refused', (type) => {
    expect(errorPointers(type, { ...EXAMPLES[type], editorMode: 'comfortable' })).toContain(
      `/modules/${type}/0/editorMode`,
    );
  });

  it('a url must be relative to the baseUrl', () => {
    expect(errorPointers('project-menu', { ...EXAMPLES['project-menu'], url: 'https://x.test/p' })).toEqual([
      '/modules/project-menu/0/url',
    ]);
  });

  it("editor panels take only their page's modes", () => {
    expect(
      errorPointers('editor-right-panel', { ...EXAMPLES['editor-right-panel'], modes: ['proofread'] }),
    ).toEqual(['/modules/editor-right-panel/0/modes/0']);
    expect(
      report('editor-right-panel', { ...EXAMPLES['editor-right-panel'], modes: ['side-by-side', 'review'] })
        .ok,
    ).toBe(true);
    expect(
      errorPointers('editor-translations-panel', {
        ...EXAMPLES['editor-translations-panel'],
        modes: ['comfortable'],
      }),
    ).toEqual(['/modules/editor-translations-panel/0/modes/0']);
    expect(errorPointers('editor-right-panel', { ...EXAMPLES['editor-right-panel'], modes: [] })).toEqual([
      '/modules/editor-right-panel/0/modes',
    ]);
  });

  it('environments may name only the editions the type exists on', () => {
    expect(
      errorPointers('organization-menu', { ...EXAMPLES['organization-menu'], environments: ['crowdin'] }),
    ).toContain('/modules/organization-menu/0/environments');
    expect(
      errorPointers('profile-resources-menu', {
        ...EXAMPLES['profile-resources-menu'],
        environments: ['crowdin-enterprise'],
      }),
    ).toContain('/modules/profile-resources-menu/0/environments');
    expect(
      report('project-menu', { ...EXAMPLES['project-menu'], environments: ['crowdin-enterprise'] }).ok,
    ).toBe(true);
  });

  it('accepts what the official framework emits for a project menu, an editor panel and tools', () => {
    const m = manifest('project-menu', {
      key: 'ui-app-project-menu',
      name: 'UI App',
      url: '/project-menu/index.html',
    });
    m.modules['editor-right-panel'] = [
      {
        key: 'ui-app-editor-panels',
        name: 'UI App',
        url: '/editor-panels/index.html',
        supportsMultipleStrings: false,
        modes: ['translate'],
        environments: ['crowdin', 'crowdin-enterprise'],
      },
    ];
    m.modules['project-tools'] = [
      { key: 'ui-app-tools', name: 'UI App', logo: '/logo.png', url: '/tools/index.html' },
    ];
    expect(validateManifest(m).report.errors).toEqual([]);
  });
});

const u = (id: number, username: string, role: string): DemoUser => ({
  id,
  username,
  role,
  fullName: username,
  avatarUrl: '',
});
const alice = u(1, 'alice', 'owner');
const mia = u(6, 'mia', 'manager');
const dev = u(7, 'dave', 'developer');
const bob = u(2, 'bob', 'translator');
const outsider = u(9, 'olga', 'translator');
const members = [alice, mia, dev, bob];

describe('module permissions', () => {
  it('each type offers the categories its docs page lists, per edition', () => {
    expect(offeredCategories('project-menu', 'crowdin')).toEqual(['owner', 'managers', 'all', 'restricted']);
    expect(offeredCategories('editor-right-panel', 'crowdin-enterprise')).toEqual([
      'owner',
      'managers',
      'all',
      'restricted',
    ]);
    expect(offeredCategories('project-tools', 'crowdin')).toEqual(['owner', 'all', 'restricted']);
    expect(offeredCategories('modal', 'crowdin-enterprise')).toEqual(['owner', 'all', 'restricted']);
    expect(offeredCategories('project-menu-crowdsource', 'crowdin-enterprise')).toContain('guests');
    expect(offeredCategories('organization-menu', 'crowdin-enterprise')).toEqual([
      'owner',
      'all',
      'restricted',
    ]);
    expect(offeredCategories('organization-menu', 'crowdin')).toEqual([]);
    expect(offeredCategories('profile-resources-menu', 'crowdin')).toEqual(['owner']);
    expect(offeredCategories('profile-resources-menu', 'crowdin-enterprise')).toEqual([]);
  });

  const may = (category: ModuleAccessCategory, user: DemoUser, users: string[] = [], who = members) =>
    accessRefusal({
      access: { category, users },
      user,
      installer: alice,
      members: who,
      edition: 'crowdin',
      moduleName: 'Menu',
    }) === null;

  it.each([
    ['owner', [true, false, false, false, false]],
    ['managers', [true, true, true, false, false]],
    ['all', [true, true, true, true, false]],
    ['guests', [true, true, true, true, true]],
  ] as const)('%s lets in: owner, manager, developer, translator, non-member', (category, expected) => {
    expect([alice, mia, dev, bob, outsider].map((user) => may(category, user))).toEqual(expected);
  });

  it('restricted lets in the owner and the users picked only', () => {
    expect(may('restricted', alice)).toBe(true);
    expect(may('restricted', bob, ['BOB'])).toBe(true);
    expect(may('restricted', mia, ['bob'])).toBe(false);
  });

  it('the installer always may, whatever their role', () => {
    const installer = u(3, 'carol', 'translator');
    expect(
      accessRefusal({
        access: { category: 'owner', users: [] },
        user: installer,
        installer,
        members,
        edition: 'crowdin',
        moduleName: 'Menu',
      }),
    ).toBeNull();
  });

  it("a refusal names the module, the category in the edition's words and the user", () => {
    const words = (edition: 'crowdin' | 'crowdin-enterprise') =>
      accessRefusal({
        access: { category: 'owner', users: [] },
        user: bob,
        installer: alice,
        members,
        edition,
        moduleName: 'Menu',
      });
    expect(words('crowdin')).toMatch(/"Menu".*"Only me".*bob \(translator\)/);
    expect(words('crowdin-enterprise')).toContain('"Only admins"');
  });

  it("a module starts with the install's category where offered, else the manifest's default, else owner", () => {
    const m = {
      ...manifest('project-tools', EXAMPLES['project-tools']),
      default_permissions: { user: 'all' },
    };
    const m0 = manifest('project-tools', EXAMPLES['project-tools']);
    expect(initialAccess('project-tools', 'crowdin', m0 as never, 'all').category).toBe('all');
    expect(initialAccess('project-tools', 'crowdin', m0 as never, 'managers').category).toBe('owner');
    expect(initialAccess('project-tools', 'crowdin', m as never, 'managers').category).toBe('all');
    expect(initialAccess('project-tools', 'crowdin', m0 as never, undefined).category).toBe('owner');
  });
});
