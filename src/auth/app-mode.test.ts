import { describe, expect, it } from 'vitest';
import { bridgeUrlFor, CROWDIN_BRIDGE_URL, moduleLink, readAppLaunch } from './app-mode.ts';
import { PLAYGROUND_MODULES } from '../wire/playground-app.ts';

describe('app mode: how the page knows Crowdin opened it', () => {
  it('starts in app mode at a module path with a jwtToken, and not otherwise', () => {
    const panel = readAppLaunch(
      new URL(
        'https://app.example/editor-panel?jwtToken=a.b.c&origin=https%3A%2F%2Facme.crowdin.com&clientId=x',
      ),
    );
    expect(panel).toEqual({
      module: PLAYGROUND_MODULES.editorPanel,
      jwt: 'a.b.c',
      origin: 'https://acme.crowdin.com',
    });
    expect(readAppLaunch(new URL('https://app.example/project-menu/?jwtToken=t'))?.module).toBe(
      PLAYGROUND_MODULES.projectMenu,
    );
    expect(readAppLaunch(new URL('https://app.example/project-menu'))).toBeNull();
    expect(readAppLaunch(new URL('https://app.example/?jwtToken=t'))).toBeNull();
  });

  it("loads Crowdin's bridge from its CDN, the emulator's from the Crowdin the app server names, and no other", () => {
    expect(bridgeUrlFor('https://crowdin.com', 'https://crowdin.com')).toBe(CROWDIN_BRIDGE_URL);
    expect(bridgeUrlFor('https://acme.crowdin.com', 'https://acme.crowdin.com')).toBe(CROWDIN_BRIDGE_URL);
    expect(bridgeUrlFor('http://127.0.0.1:8787', 'http://127.0.0.1:8787/')).toBe(
      'http://127.0.0.1:8787/apps/dist/iframe.js',
    );
    // Anyone can write the address: a script from elsewhere would run with the module's token.
    expect(bridgeUrlFor('https://evil.example', 'http://127.0.0.1:8787')).toBeNull();
    expect(bridgeUrlFor('http://crowdin.com', 'https://crowdin.com')).toBeNull();
    expect(bridgeUrlFor(null, 'https://crowdin.com')).toBeNull();
  });

  it('links a module in Crowdin with the query as a search parameter, by edition', () => {
    const standard = moduleLink(
      {
        crowdinBaseUrl: 'https://crowdin.com',
        edition: 'crowdin',
        projectId: 7,
        projectIdentifier: 'umbrella',
      },
      PLAYGROUND_MODULES.projectMenu,
      'text contains "a b"',
    );
    expect(standard.url).toBe(
      'https://crowdin.com/project/umbrella/apps/croql-playground/croql-playground?croql=text+contains+%22a+b%22',
    );
    const enterprise = moduleLink(
      {
        crowdinBaseUrl: 'https://acme.crowdin.com',
        edition: 'enterprise',
        projectId: 7,
        projectIdentifier: 'u',
      },
      PLAYGROUND_MODULES.projectMenu,
      '',
    );
    expect(enterprise).toEqual({
      path: '/u/projects/7/apps/croql-playground/croql-playground',
      query: {},
      url: 'https://acme.crowdin.com/u/projects/7/apps/croql-playground/croql-playground',
    });
  });
});
