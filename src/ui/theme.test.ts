import { describe, expect, it } from 'vitest';
import { freshStorage } from '../testing/stores.ts';
import { readStore } from './stored.ts';
import { checkTheme, THEME_STORE, useThemeStore } from './theme.ts';

describe('the theme in storage', () => {
  const local = freshStorage('localStorage');

  it('reads the word it wrote, as earlier versions wrote it', () => {
    local.storage.setItem('croql.theme', 'dark');
    expect(readStore(THEME_STORE)).toBe('dark');
    expect(local.noticeTexts()).toEqual([]);
  });

  it('uses the system theme for a word it does not know, says so, and keeps the word aside', () => {
    local.storage.setItem('croql.theme', 'sepia');
    expect(checkTheme('sepia')).toEqual({ unreadable: 'it is the text "sepia", not light or dark' });
    expect(readStore(THEME_STORE)).toBe('system');
    expect(local.noticeTexts()).toEqual([
      expect.stringContaining(
        `Your choice of theme as stored could not be read (it is the text "sepia", not light or dark), so the system's theme is used.`,
      ),
    ]);
    expect(local.valuesUnder('croql.theme.unreadable.')).toEqual(['sepia']);
  });

  it('writes the word; "system" removes it', () => {
    useThemeStore.getState().actions.setPreference('light');
    expect(local.storage.getItem('croql.theme')).toBe('light');
    useThemeStore.getState().actions.setPreference('system');
    expect(local.storage.getItem('croql.theme')).toBeNull();
  });

  it('with storage full, the choice holds for the page and a notice says it is not kept', () => {
    local.refuseWrites();
    expect(() => useThemeStore.getState().actions.setPreference('dark')).not.toThrow();
    expect(useThemeStore.getState().preference).toBe('dark');
    expect(local.noticeTexts()).toEqual([
      "Your choice of theme was not saved: the browser's storage for this site is full. It lasts until you reload the page.",
    ]);
    // Going back to the system's theme needs no room: the notice goes.
    useThemeStore.getState().actions.setPreference('system');
    expect(local.noticeTexts()).toEqual([]);
  });
});
