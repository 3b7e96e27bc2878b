import { describe, expect, it } from 'vitest';
import { projectLanguages } from './queries.ts';
import { listingPath } from '../wire/listings.ts';
import { filterProjects } from './TargetPickers.tsx';

const projects = [
  { id: 1, name: 'Acme Shop', identifier: 'acme-shop' },
  { id: 2, name: 'Mobile App', identifier: 'mobile' },
  { id: 12, name: 'Docs', identifier: 'docs-site' },
];

describe('target pickers', () => {
  it('searches projects by name, identifier or exact id, case-insensitively', () => {
    expect(filterProjects(projects, 'SHOP', null).map((p) => p.id)).toEqual([1]);
    expect(filterProjects(projects, 'site', null).map((p) => p.id)).toEqual([12]);
    expect(filterProjects(projects, '12', null).map((p) => p.id)).toEqual([12]);
    expect(filterProjects(projects, '  ', null)).toHaveLength(3);
  });

  it('keeps the chosen project listed when the search hides it', () => {
    expect(filterProjects(projects, 'docs', 2).map((p) => p.id)).toEqual([2, 12]);
  });

  it('names project languages from targetLanguages, else from their ids', () => {
    expect(
      projectLanguages({ id: 1, name: 'x', targetLanguages: [{ id: 'uk', name: 'Ukrainian' }] }),
    ).toEqual([{ id: 'uk', name: 'Ukrainian' }]);
    expect(projectLanguages({ id: 1, name: 'x', targetLanguageIds: ['de'] })).toEqual([
      { id: 'de', name: 'de' },
    ]);
  });

  it('builds each listing path, or says what to pick first', () => {
    const target = { projectId: 1, languageId: 'pt-BR', tmId: 3, glossaryId: 4 };
    expect(listingPath('strings', target)).toEqual({ ok: true, path: '/projects/1/strings' });
    expect(listingPath('translations', target)).toEqual({
      ok: true,
      path: '/projects/1/languages/pt-BR/translations',
    });
    expect(listingPath('tmSegments', target)).toEqual({ ok: true, path: '/tms/3/segments' });
    expect(listingPath('glossaryTerms', target)).toEqual({ ok: true, path: '/glossaries/4/terms' });
    expect(listingPath('translations', { ...target, languageId: null })).toEqual({
      ok: false,
      missing: 'Pick a target language to list its translations.',
    });
  });
});
