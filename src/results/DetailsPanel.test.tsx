// @vitest-environment happy-dom
// A row's details as a reviewer reads them (ui-walk D30): a plural translation as form → text beside the
// source's same form, its author as a name, and a title that says what the row is.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DisplayNames, RowOf } from '../rows/rows.ts';
import { partialRow } from '../testing/fixtures.ts';
import DetailsPanel from './DetailsPanel.tsx';

afterEach(cleanup);

const emma = { id: 5, username: 'emma', fullName: 'Emma Schmidt', avatarUrl: 'https://example.com/e.png' };
const form = (pluralForm: string, translationId: number, text: string) => ({
  translationId,
  text,
  pluralForm,
  user: emma,
  createdAt: '2024-10-06T14:14:00+00:00',
  provider: null,
  providerId: null,
  isPreTranslated: false,
  matchRate: null,
  matchType: null,
});

const plural = partialRow({
  stringId: 15,
  contentType: 'application/vnd.crowdin.text+plural',
  // The API's order is not CLDR's: "other" comes first here.
  plurals: [form('other', 31, '%d Adressen'), form('one', 30, '%d Adresse')],
  qaIssuesStatus: 'passed',
});
const names: DisplayNames = {
  strings: new Map([
    [15, partialRow({ id: 15, text: { one: '%d address', other: '%d addresses' } }) as RowOf<'strings'>],
  ]),
};

function details(row = plural) {
  render(
    <DetailsPanel
      row={row}
      context="translations"
      position={1}
      count={3}
      names={names}
      onPrevious={() => {}}
      onNext={() => {}}
      onClose={() => {}}
    />,
  );
  return screen.getByTestId('details-panel');
}

const rowText = (tr: Element) =>
  [...tr.children].map((c) => (c.firstChild?.textContent ?? '').replace(/\s+/g, ' ').trim());

describe('the details of a plural translation', () => {
  it('shows each form beside the source’s same form, in CLDR order, not a dump of its fields', () => {
    const panel = details();
    const table = within(panel).getByTestId('details-forms');
    const rows = within(table).getAllByRole('row');
    expect(rowText(rows[0]!)).toEqual(['Form', 'Source', 'Translation']);
    expect(rowText(rows[1]!)).toEqual(['one', '%d address', '%d Adresse']);
    expect(rowText(rows[2]!)).toEqual(['other', '%d addresses', '%d Adressen']);
    // No nested per-form field list (Provider id, Match type, Avatar url …).
    expect(panel.textContent).not.toContain('Provider id');
    expect(panel.textContent).not.toContain('Avatar url');
  });

  it('names the author of each form as people do', () => {
    const table = within(details()).getByTestId('details-forms');
    expect(table.textContent).toContain('Emma Schmidt (emma)');
    expect(table.textContent).not.toContain('https://example.com/e.png');
  });

  it('is titled for what it is, with × in the title’s own row', () => {
    const panel = details();
    const heading = within(panel).getByRole('heading', { level: 2 });
    expect(heading.textContent).toBe('Plural translation of string 15');
    const close = within(panel).getByRole('button', { name: 'Close details (Escape)' });
    // The × shares its row with the title, so a long title wraps before it rather than leaving it alone.
    expect(close.parentElement).toBe(heading.parentElement);
  });

  it('names a plain translation’s author as one line, not a nested object', () => {
    const panel = details(
      partialRow({
        stringId: 15,
        translationId: 9,
        text: 'Hallo',
        user: emma,
        createdAt: '2024-10-06T14:14:00Z',
      }),
    );
    expect(panel.textContent).toContain('Emma Schmidt (emma)');
    expect(panel.textContent).not.toContain('Full name');
  });
});
