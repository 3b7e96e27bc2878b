import { describe, expect, it } from 'vitest';
import { redirectTarget, withQuery } from './redirect.ts';

const app = {
  appId: 'croql-playground',
  name: 'CroQL Playground',
  uiModules: [{ key: 'croql-playground' }, { key: 'croql-filter' }],
} as Parameters<typeof redirectTarget>[0];

describe('AP.redirect in the Apps view', () => {
  it('follows a module of the app, on crowdin.com and on Enterprise, with its query', () => {
    expect(
      redirectTarget(app, '/project/demo/apps/croql-playground/croql-playground', { croql: 'is hidden' }),
    ).toEqual({
      kind: 'module',
      moduleKey: 'croql-playground',
      projectId: null,
      query: { croql: 'is hidden' },
    });
    expect(redirectTarget(app, '/u/projects/7/apps/croql-playground/croql-playground', {})).toMatchObject({
      kind: 'module',
      projectId: 7,
    });
  });

  it('says where another page or another app’s module would go, and follows neither', () => {
    const other = redirectTarget(app, '/u/projects/15/activity', { a: '1' });
    expect(other).toEqual({
      kind: 'elsewhere',
      notice: expect.stringContaining('redirected to /u/projects/15/activity?a=1'),
    });
    expect(redirectTarget(app, '/u/projects/1/apps/someone-else/croql-playground', {})).toMatchObject({
      kind: 'elsewhere',
      notice: expect.stringContaining('not one of croql-playground'),
    });
  });

  it('adds the query to the module page’s address, keeping its token', () => {
    expect(withQuery('http://127.0.0.1:9/project-menu?jwtToken=x', { croql: 'text contains "a b"' })).toBe(
      'http://127.0.0.1:9/project-menu?jwtToken=x&croql=text+contains+%22a+b%22',
    );
  });
});
