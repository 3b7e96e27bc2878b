// @vitest-environment happy-dom
// The toolbar over a run's rows: what the count says and which actions it offers when.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultsToolbar, type ResultsToolbarProps } from './ResultsToolbar.tsx';

afterEach(cleanup);

const base: ResultsToolbarProps = {
  count: {
    loaded: true,
    rows: 500,
    fetching: false,
    moreAvailable: true,
    firstPageMs: 1234,
    fetchAllMs: null,
    runningNew: false,
  },
  loadingMore: false,
  fetchAll: { running: false, loaded: 0, stoppedAtCap: false },
  table: true,
  context: 'strings',
  namesInCsv: false,
  inspectorOpen: false,
  requestCount: 0,
  onLoadMore: () => {},
  onFetchAll: () => {},
  onCancelFetchAll: () => {},
  onNamesInCsv: () => {},
  onExport: () => {},
  onInspector: () => {},
};
const button = (name: string) => screen.queryByRole<HTMLButtonElement>('button', { name });

describe('ResultsToolbar', () => {
  it('counts the rows, says more are available and how long the first page took', () => {
    render(<ResultsToolbar {...base} />);
    expect(screen.getByTestId('results-count').textContent).toBe(
      '500 rows loaded · more available · first page 1,234 ms',
    );
  });

  it('offers more rows only while more are available, and not during Fetch all, which can be cancelled', async () => {
    const onCancelFetchAll = vi.fn();
    const { rerender } = render(<ResultsToolbar {...base} />);
    expect(button('Load 500 more')).not.toBeNull();
    expect(button('Fetch all')).not.toBeNull();
    rerender(<ResultsToolbar {...base} count={{ ...base.count, moreAvailable: false }} />);
    expect(button('Load 500 more')).toBeNull();
    rerender(
      <ResultsToolbar
        {...base}
        fetchAll={{ running: true, loaded: 1500, stoppedAtCap: false }}
        onCancelFetchAll={onCancelFetchAll}
      />,
    );
    expect(button('Fetch all')).toBeNull();
    expect(screen.getByText('1,500 rows…')).toBeTruthy();
    await userEvent.click(button('Cancel')!);
    expect(onCancelFetchAll).toHaveBeenCalledTimes(1);
  });

  it('cannot export nothing, and exports the kind pressed', async () => {
    const onExport = vi.fn();
    const { rerender } = render(
      <ResultsToolbar
        {...base}
        count={{ ...base.count, rows: 0, moreAvailable: false }}
        onExport={onExport}
      />,
    );
    expect(button('Export CSV')!.disabled).toBe(true);
    expect(button('Export JSON')!.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Columns/ })).toBeNull();
    rerender(<ResultsToolbar {...base} onExport={onExport} />);
    await userEvent.click(button('Export JSON')!);
    await userEvent.click(button('Export CSV')!);
    expect(onExport.mock.calls).toEqual([['json'], ['csv']]);
  });

  it('says when Fetch all stopped at the cap, and the inspector’s request count', () => {
    render(
      <ResultsToolbar
        {...base}
        fetchAll={{ running: false, loaded: 0, stoppedAtCap: true }}
        requestCount={12}
        inspectorOpen
      />,
    );
    expect(screen.getByText(/Stopped at [\d,]+ rows, the most the table holds/)).toBeTruthy();
    expect(button('Inspector (12)')!.getAttribute('aria-expanded')).toBe('true');
  });
});
