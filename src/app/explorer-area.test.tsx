// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWorkspace } from '../workspace/store.ts';
import ExplorerArea from './explorer-area.tsx';

afterEach(cleanup);

const marked = () =>
  screen.queryAllByTestId('explorer-field').filter((li) => li.getAttribute('aria-current') === 'true');

describe('the schema explorer panel', () => {
  it('marks the field at the cursor as the query is typed, not only as it was when the panel opened', () => {
    const { setListing, setText } = useWorkspace.getState().actions;
    act(() => {
      setListing('strings');
      setText('text contains "x"');
    });
    render(<ExplorerArea onClose={() => {}} edition="standard" cursor={2} insert={() => {}} />);
    expect(marked().map((li) => li.querySelector('[data-field-button]')!.textContent)).toEqual(['text']);

    act(() => setText('identifier contains "x"'));
    expect(marked().map((li) => li.querySelector('[data-field-button]')!.textContent)).toEqual([
      'identifier',
    ]);

    act(() => setText('count of comments > 0'));
    expect(marked()).toEqual([]);
  });
});
