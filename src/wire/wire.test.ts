import { describe, expect, it } from 'vitest';
import { validationErrorsOf } from './envelope.ts';
import { LISTING_NAMES, LISTINGS, listingPath, listingPathTemplate, paramsOf } from './listings.ts';
import { grants, isServiceScope } from './scopes.ts';

const target = { projectId: 1, languageId: 'pt-BR', tmId: 3, glossaryId: 4 };

describe('listings registry', () => {
  it('builds each listing path from the target, or says what to pick', () => {
    expect(LISTING_NAMES.map((l) => listingPath(l, target))).toEqual([
      { ok: true, path: '/projects/1/strings' },
      { ok: true, path: '/projects/1/languages/pt-BR/translations' },
      { ok: true, path: '/tms/3/segments' },
      { ok: true, path: '/glossaries/4/terms' },
    ]);
    expect(listingPath('translations', { ...target, languageId: null })).toEqual({
      ok: false,
      missing: 'Pick a target language to list its translations.',
    });
    expect(listingPathTemplate('translations', { ...target, projectId: null, languageId: null })).toBe(
      '/projects/{projectId}/languages/{languageId}/translations',
    );
  });

  it('knows the parameters of each variant, per the OpenAPI', () => {
    const names = (l: keyof typeof LISTINGS, v: Parameters<typeof paramsOf>[1]) =>
      paramsOf(l, v).map((p) => p.name);
    expect(names('strings', 'standard')).toContain('orderBy');
    expect(names('strings', 'enterprise')).not.toContain('orderBy');
    expect(names('strings', 'standard-string-based')).not.toContain('fileId');
    expect(names('translations', 'standard')).toContain('approvedOnly');
    expect(names('translations', 'enterprise')).toEqual(
      expect.arrayContaining(['passedWorkflow', 'minApprovalCount']),
    );
    expect(names('translations', 'enterprise')).not.toContain('approvedOnly');
    const order = paramsOf('translations', 'standard').find((p) => p.name === 'orderBy')!;
    expect(order.default).toBe('stringId');
    expect(order.enum).toContain('stringId');
    // Beside croql: strings take only denormalizePlaceholders, orderBy, offset, limit.
    expect(
      paramsOf('strings', 'standard')
        .filter((p) => p.besideCroql)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['croql', 'denormalizePlaceholders', 'limit', 'offset', 'orderBy']);
  });
});

describe('error bodies', () => {
  it('reads the array shape and the single-object shape alike', () => {
    const item = { code: 'croqlInvalidLogic', message: 'm', from: 1, to: 2 };
    expect(validationErrorsOf({ errors: [{ error: { key: 'croql', errors: [item] } }] })).toEqual([
      { key: 'croql', errors: [item] },
    ]);
    expect(validationErrorsOf({ error: { key: 'croql', errors: [item] } })).toEqual([
      { key: 'croql', errors: [item] },
    ]);
    expect(validationErrorsOf({ error: { message: 'Unauthorized', code: 401 } })).toEqual([]);
    expect(validationErrorsOf('text')).toEqual([]);
  });
});

describe('scopes', () => {
  it("accepts the service's names only, and a broader scope covers a finer one", () => {
    expect(isServiceScope('project.source')).toBe(true);
    expect(isServiceScope('project.translation')).toBe(true);
    expect(isServiceScope('project.read')).toBe(false);
    expect(grants('project', 'project.source.string')).toBe(true);
    expect(grants('project.source', 'project.source.string')).toBe(true);
    expect(grants('project.translation', 'project.source.string')).toBe(false);
    expect(grants('*', 'tm')).toBe(true);
    expect(grants('tm', 'glossary')).toBe(false);
  });
});
