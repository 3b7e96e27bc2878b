// The checker's messages and verdicts where they were wrong before (issue examples), beside the broad
// tables in parse.test.ts.
import { describe, expect, it } from 'vitest';
import { analyze } from './check.ts';

const users = [
  { id: 1, username: 'alice' },
  { id: 2, username: 'bob' },
];

describe('checker messages', () => {
  it('says "a user", not "an user"', () => {
    const [d] = analyze('not user', 'translations').diagnostics;
    expect(d?.message).toBe('`not` needs true or false, but this is a user. Compare it with something.');
  });

  it('names where a field lives when the listing has a type of the same name', () => {
    const [d] = analyze('language contains "u"', 'translations').diagnostics;
    expect(d?.message).toBe(
      '`language` is not a field of a translation. It is a field of the `translations` of a source string.',
    );
  });
});

describe('users', () => {
  it('a user compared by numeric id is never unknown: former members have ids too', () => {
    expect(analyze('user = 99', 'translations', { users }).diagnostics).toEqual([]);
    expect(analyze('99 != user', 'translations', { users }).diagnostics).toEqual([]);
    expect(
      analyze('count of translations where (user = 12345) > 0', 'strings', { users }).diagnostics,
    ).toEqual([]);
  });

  it('an unknown username still is an error', () => {
    const [d] = analyze('user = @user:"zed"', 'translations', { users }).diagnostics;
    expect(d).toMatchObject({ reason: 'unknownUser', message: 'There is no user `zed` in this project.' });
  });
});

describe('the checked model', () => {
  it('keeps ast and diagnostics, and adds the listing, the nodes and validity', () => {
    const model = analyze('is hidden', 'strings');
    expect(model).toMatchObject({ listing: 'strings', valid: true, diagnostics: [] });
    expect(model.nodes.get(model.ast!)).toMatchObject({
      type: { kind: 'scalar', type: 'boolean' },
      depth: 0,
    });
    expect(analyze('is hiden', 'strings').valid).toBe(false);
    expect(analyze('', 'strings')).toMatchObject({ ast: null, valid: false });
  });

  it('binds a member to the object it is read from', () => {
    const model = analyze('file with (id = 10 and is hidden)', 'strings');
    const names = [...model.nodes].filter(([n]) => n.kind === 'identifier');
    const id = names.find(([n]) => n.kind === 'identifier' && n.name === 'id')![1];
    const hidden = names.find(([n]) => n.kind === 'identifier' && n.name === 'is hidden')![1];
    expect(id).toMatchObject({ owner: 'file', depth: 1 });
    expect(hidden).toMatchObject({ owner: 'sourceString', depth: 0 });
  });
});
