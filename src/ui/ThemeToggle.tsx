import { useId } from 'react';
import { useThemeStore, type ThemePreference } from './theme.ts';

/** System / light / dark. */
export function ThemeToggle() {
  const preference = useThemeStore((s) => s.preference);
  const { setPreference } = useThemeStore((s) => s.actions);
  const id = useId();
  return (
    <div className="theme-toggle">
      <label htmlFor={id} className="compact-label">
        Theme
      </label>
      {/* Named here too: on a phone the label above is not shown (src/app/global.css). */}
      <select
        id={id}
        aria-label="Theme"
        value={preference}
        onChange={(e) => setPreference(e.target.value as ThemePreference)}
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </div>
  );
}
