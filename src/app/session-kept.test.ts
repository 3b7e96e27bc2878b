import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../auth/session.ts';
import { memoryStorage, testSession } from '../testing/fixtures.ts';
import { freshStorage } from '../testing/stores.ts';
import { reportUnkeptSession } from './session-kept.ts';

describe('a sign-in this tab cannot keep', () => {
  const tab = freshStorage('sessionStorage');
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    return reportUnkeptSession();
  });
  const { signedIn, signOut } = useAuthStore.getState().actions;

  it('is a storage notice that says why and that a reload will sign the user out', () => {
    tab.refuseWrites();
    signedIn(testSession());
    expect(useAuthStore.getState().session?.accessToken).toBe('access-1');
    expect(tab.noticeTexts()).toEqual([
      "Your sign-in was not saved: this tab's storage is full. You are signed in on this page, but reloading the page will sign you out. Free some of this site's storage to keep it.",
    ]);
  });

  it('names a storage the browser blocks', () => {
    tab.refuseWrites('SecurityError');
    signedIn(testSession());
    expect(tab.noticeTexts()[0]).toMatch(
      /^Your sign-in was not saved: the browser blocks this tab's storage\./,
    );
  });

  it('goes once the session is kept, and when the user signs out', () => {
    tab.refuseWrites();
    signedIn(testSession());
    tab.storage.setItem = memoryStorage().setItem;
    signedIn(testSession());
    expect(tab.noticeTexts()).toEqual([]);
    tab.refuseWrites();
    signedIn(testSession());
    signOut();
    expect(tab.noticeTexts()).toEqual([]);
  });
});
