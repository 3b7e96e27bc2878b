import { describe, expect, it } from 'vitest';
import { toServerDiagnostics } from './server-diagnostics.ts';

describe('server diagnostics', () => {
  it('keeps the reported range, clamps it, and covers the whole text without one', () => {
    const [ranged, unranged, overlong] = toServerDiagnostics(
      [
        { code: 'croqlInvalidLogic', message: "Identifier 'apply' is undefined", from: 0, to: 5 },
        { code: 'croqlInvalidSyntax', message: 'Bad' },
        { code: 'croqlInvalidLogic', message: 'Far', from: 3, to: 99 },
      ],
      'apply = 1',
    );
    expect(ranged).toMatchObject({ from: 0, to: 5, severity: 'error', code: 'croqlInvalidLogic' });
    expect(unranged).toMatchObject({ from: 0, to: 9, code: 'croqlInvalidSyntax' });
    expect(overlong).toMatchObject({ from: 3, to: 9 });
  });
});
