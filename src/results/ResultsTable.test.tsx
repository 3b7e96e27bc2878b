// @vitest-environment happy-dom
// The translations table as a reviewer reads it (ui-walk D29): a date column never narrower than its date,
// and columns that can be widened from the keyboard (and given back their share).
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { COLUMNS } from '../rows/fields.ts';
import { partialRow } from '../testing/fixtures.ts';
import { ResultsTable } from './ResultsTable.tsx';

afterEach(cleanup);

const columns = COLUMNS.translations;

function Table() {
  const [widths, setWidths] = useState<Record<string, number>>({});
  return (
    <ResultsTable
      context="translations"
      rows={[
        partialRow({
          stringId: 1,
          translationId: 2,
          text: 'Bericht hinzufügen',
          createdAt: '2024-10-06T14:14:00Z',
        }),
      ]}
      columns={columns}
      sort={null}
      onSort={() => {}}
      selected={null}
      onSelect={() => {}}
      onOpen={() => {}}
      onEscape={() => {}}
      widths={widths}
      onResize={(key, px) =>
        setWidths(({ [key]: _, ...rest }) => (px === null ? rest : { ...rest, [key]: px }))
      }
    />
  );
}

const template = () =>
  (screen.getAllByRole('row')[0] as HTMLElement).style.gridTemplateColumns.split(/ (?![^(]*\))/);

describe('the results table’s columns', () => {
  it('never gives the Created column less room than its date and time', () => {
    render(<Table />);
    const created = columns.findIndex((c) => c.key === 'createdAt');
    expect(created).toBeGreaterThan(-1);
    expect(template()[created]).toMatch(/^minmax\(176px, /);
  });

  it('widens a column from the keyboard, and Enter gives it back its share', async () => {
    const user = userEvent.setup();
    render(<Table />);
    const text = columns.findIndex((c) => c.key === 'text');
    const header = within(screen.getAllByRole('row')[0]!).getAllByRole('columnheader')[text]!;
    // The header is named by its text alone, not by its handle's name too.
    expect(screen.getByRole('columnheader', { name: 'Text' })).toBe(header);
    const handle = within(header).getByRole('separator', { name: 'Width of Text' });
    handle.focus();
    await user.keyboard('{ArrowRight}');
    const first = Number(handle.getAttribute('aria-valuenow'));
    await user.keyboard('{ArrowRight}');
    expect(Number(handle.getAttribute('aria-valuenow'))).toBe(first + 16);
    expect(template()[text]).toBe(`${first + 16}px`);
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(template()[text]).toBe(`${first + 16 - 64 < 60 ? 60 : first + 16 - 64}px`);
    await user.keyboard('{Enter}');
    expect(template()[text]).toMatch(/^minmax\(/);
  });
});
