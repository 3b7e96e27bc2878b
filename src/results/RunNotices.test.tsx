// @vitest-environment happy-dom
// What the notices above a run's rows say and offer, for each way a run can stand.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../connection/api.ts';
import { RunNotices, type RunNoticesProps } from './RunNotices.tsx';

afterEach(cleanup);

const calm: RunNoticesProps = {
  stale: false,
  loaded: true,
  rows: 3,
  error: null,
  fetching: false,
  offline: false,
  cancelled: false,
  fetchAllError: null,
  onRunAgain: () => {},
  onRetry: () => {},
  onCancel: () => {},
};
const apiError = (kind: ConstructorParameters<typeof ApiError>[0], message: string) =>
  new ApiError(kind, message, 400, 'http://127.0.0.1/api/v2/projects/1/strings', null);

describe('RunNotices', () => {
  it('says nothing while the rows on screen are this run’s and nothing failed', () => {
    const { container } = render(<RunNotices {...calm} />);
    expect(container.innerHTML).toBe('');
  });

  it('marks stale rows as the previous run’s, and Run again runs', async () => {
    const onRunAgain = vi.fn();
    render(<RunNotices {...calm} stale onRunAgain={onRunAgain} />);
    const notice = screen.getByTestId('stale-notice');
    expect(notice.textContent).toContain('The rows below belong to the previous run.');
    await userEvent.click(screen.getByRole('button', { name: 'Run again' }));
    expect(onRunAgain).toHaveBeenCalledTimes(1);
  });

  it('says which thing is out of date: an error, or an answer with no rows', () => {
    const { rerender } = render(<RunNotices {...calm} stale error={apiError('network', 'No answer.')} />);
    expect(screen.getByTestId('stale-notice').textContent).toContain(
      'The error below belongs to the previous run.',
    );
    rerender(<RunNotices {...calm} stale rows={0} />);
    expect(screen.getByTestId('stale-notice').textContent).toContain(
      'The result below belongs to the previous run.',
    );
    // Before anything loaded, there is nothing to be out of date.
    rerender(<RunNotices {...calm} stale loaded={false} rows={0} />);
    expect(screen.queryByTestId('stale-notice')).toBeNull();
  });

  it('offers Retry for a failure that may pass, not for a query the service refused', () => {
    const { rerender } = render(
      <RunNotices {...calm} error={apiError('network', 'The host did not answer.')} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The host did not answer.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Retry' }).disabled).toBe(false);
    rerender(<RunNotices {...calm} error={apiError('croql', 'Unknown field `colour`.')} />);
    expect(screen.getByRole('alert').textContent).toContain('Unknown field colour.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says the rows kept under a failure are from the last run that worked, only when there are some', () => {
    const error = apiError('server', 'The server failed.');
    const { rerender } = render(<RunNotices {...calm} error={error} rows={2} />);
    expect(screen.getByRole('alert').textContent).toContain(
      'The rows below are from the last run that worked.',
    );
    rerender(<RunNotices {...calm} error={error} rows={0} />);
    expect(screen.getByRole('alert').textContent).not.toContain('last run that worked');
  });

  it('offline and cancelled each say whether rows of the previous run are shown, and offer their action', async () => {
    const onCancel = vi.fn();
    const onRetry = vi.fn();
    const { rerender } = render(<RunNotices {...calm} offline rows={0} onCancel={onCancel} />);
    expect(screen.getByTestId('run-offline').textContent).not.toContain('previous run');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(<RunNotices {...calm} cancelled rows={5} onRetry={onRetry} />);
    expect(screen.getByTestId('run-cancelled').textContent).toContain(
      'The rows below are from the previous run.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
