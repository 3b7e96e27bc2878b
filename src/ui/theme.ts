import { useEffect, useSyncExternalStore } from 'react';
import { create } from 'zustand';

export type ThemePreference = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

const THEME_KEY = 'croql.theme';

function readPreference(): ThemePreference {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

interface ThemeState {
  preference: ThemePreference;
  actions: { setPreference: (preference: ThemePreference) => void };
}

export const useThemeStore = create<ThemeState>()((set) => ({
  preference: typeof localStorage === 'undefined' ? 'system' : readPreference(),
  actions: {
    setPreference: (preference) => {
      try {
        if (preference === 'system') localStorage.removeItem(THEME_KEY);
        else localStorage.setItem(THEME_KEY, preference);
      } catch {
        // the choice then lasts for this page only
      }
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
