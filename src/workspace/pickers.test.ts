import { describe, expect, it } from 'vitest';
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
});
