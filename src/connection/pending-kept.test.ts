import { describe, expect, it } from 'vitest';
import { PendingNotKept } from '../auth/flow.ts';
import { freshStorage } from '../testing/stores.ts';
import { signInFailureText } from './pending-kept.ts';

describe('a sign-in whose request this tab could not keep', () => {
  const tab = freshStorage('sessionStorage');
  const refused = (name: string) => new PendingNotKept(new DOMException('refused', name));

  it('says the storage is full, why sign-in needs room there, that nothing is lost, and what to do', () => {
    expect(signInFailureText(refused('QuotaExceededError'))).toBe(
      "Your sign-in request was not saved: this tab's storage is full. Signing in needs a little room there: the sign-in page comes back to a new load of the playground, which can finish only with the request this tab kept (memory does not outlive that load). You are still on this page, and your query is kept. Open the playground in a new tab (it has storage of its own and opens on your latest query) and sign in there.",
    );
    // It is shown where the user clicked Sign in, not as one more storage notice.
    expect(tab.noticeTexts()).toEqual([]);
  });

  it('asks to allow storage when the browser blocks it', () => {
    expect(signInFailureText(refused('SecurityError'))).toMatch(
      /^Your sign-in request was not saved: the browser blocks this tab's storage\. .* Allow this site to store data \(in the browser's site settings\), then sign in again\.$/,
    );
  });

  it('passes any other failure through as it is worded', () => {
    expect(signInFailureText(new Error('No OAuth client id for Crowdin.'))).toBe(
      'No OAuth client id for Crowdin.',
    );
  });
});
