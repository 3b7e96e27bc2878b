import { useEffect, useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { describeValue } from '../wire/shape.ts';
import { readStore, removeStore, writeStore, type Reading, type StoreSpec } from './stored.ts';

export type ThemePreference = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

/**
 * The chosen theme in localStorage, stored as the word itself ("light", "dark"; "system" is no entry).
 * Read and written through src/ui/stored.ts: a word this version does not know (a newer version's theme,
 * say) is kept aside and the system's theme used, and a choice that cannot be saved lasts for this page,
 * with a notice that says so.
 */
export const THEME_STORE: StoreSpec<ThemePreference> = {
  area: 'local',
  key: 'croql.theme',
  label: 'Your choice of theme',
  unsaved: 'It lasts until you reload the page.',
  instead: "the system's theme is used",
  format: 'text',
  check: checkTheme,
  empty: () => 'system',
};

/** The stored word → the theme it names. Never throws. */
export function checkTheme(raw: unknown): Reading<ThemePreference> {
  if (raw === 'light' || raw === 'dark') return { value: raw, dropped: [] };
  return { unreadable: `it is ${describeValue(raw)}, not light or dark` };
}

interface ThemeState {
  preference: ThemePreference;
  actions: { setPreference: (preference: ThemePreference) => void };
}

export const useThemeStore = create<ThemeState>()((set) => ({
  preference: readStore(THEME_STORE),
  actions: {
    setPreference: (preference) => {
      if (preference === 'system') removeStore(THEME_STORE);
      else writeStore(THEME_STORE, preference);
      set({ preference });
    },
  },
}));

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function subscribeSystem(onChange: () => void): () => void {
  const query = darkQuery();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The theme in effect: the user's choice, or the system's when they chose "system". */
export function useResolvedTheme(): ResolvedTheme {
  const preference = useThemeStore((s) => s.preference);
  const systemDark = useSyncExternalStore(
    subscribeSystem,
    () => darkQuery().matches,
    () => false,
  );
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/** Mirrors the theme onto `<html data-theme>` so CSS (and anything else) can follow it. */
export function useApplyTheme(): ResolvedTheme {
  const theme = useResolvedTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return theme;
}
