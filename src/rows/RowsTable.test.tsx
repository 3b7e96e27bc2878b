// @vitest-environment happy-dom
// A comparison's rows as the results table reads them (ui-walk D32): the row named, not keyed; file,
// branch and labels by name; dates in the reader's format; a plural text a line per form.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { partialRow } from '../testing/fixtures.ts';
import { localDateTime } from './cells.ts';
import { RowsTable } from './RowsTable.tsx';
import type { DisplayNames } from './rows.ts';
import { keptRowsOf, keptRows } from './sets.ts';

afterEach(cleanup);

const CREATED = '2024-10-06T14:14:00+00:00';
const row = partialRow({
  id: 35,
  identifier: 'addresses',
  text: { one: '%d address', other: '%d addresses' },
  type: 'plural',
  fileId: 6,
  branchId: 1,
  labelIds: [2, 4],
  updatedAt: CREATED,
});
const names: DisplayNames = {
  files: new Map([[6, 'app.json']]),
  branches: new Map([[1, 'main']]),
  labels: new Map([
    [2, 'legal'],
    [4, 'error'],
  ]),
};

function cellsOf(rows: Parameters<typeof RowsTable>[0]['rows']) {
  render(<RowsTable context="strings" rows={rows} caption="Only in A" names={names} />);
  const table = screen.getByTestId('compare-table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const cells = within(table).getAllByRole('row')[1]!.children;
  return (label: string) => cells[headers.indexOf(label)]!;
}

describe('the rows of a comparison', () => {
  it('names the row and its file, branch and labels, and dates it as the table does', () => {
    const cell = cellsOf(keptRowsOf('strings', { languageId: null }, [row]));
    expect(cell('Row').textContent).toBe('String 35');
    expect(cell('file').textContent).toBe('app.json');
    expect(cell('branch').textContent).toBe('main');
    expect(cell('labels').textContent).toBe('legal, error');
    expect(cell('updated').textContent).toBe(localDateTime(CREATED));
    expect(cell('updated').textContent).not.toContain('T14:14');
  });

  it('shows a plural text a line per form, not one line', () => {
    const cell = cellsOf(keptRowsOf('strings', { languageId: null }, [row]));
    const lines = [...cell('text').querySelectorAll('.cell-line')].map((l) => l.textContent);
    expect(lines).toEqual(['one%d address', 'other%d addresses']);
  });

  it('names ids in a snapshot’s rows too, where only the kept text is at hand', () => {
    const cell = cellsOf(keptRows('strings', { languageId: null }, [row]));
    expect(cell('Row').textContent).toBe('String 35');
    expect(cell('labels').textContent).toBe('legal, error');
  });
});
