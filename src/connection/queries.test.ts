import { describe, expect, it } from 'vitest';
import { projectLanguages } from './queries.ts';

describe('project lists', () => {
  it('names project languages from targetLanguages, else from their ids', () => {
    expect(
      projectLanguages({ id: 1, name: 'x', targetLanguages: [{ id: 'uk', name: 'Ukrainian' }] }),
    ).toEqual([{ id: 'uk', name: 'Ukrainian' }]);
    expect(projectLanguages({ id: 1, name: 'x', targetLanguageIds: ['de'] })).toEqual([
      { id: 'de', name: 'de' },
    ]);
  });
});
