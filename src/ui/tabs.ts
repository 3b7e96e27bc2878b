import type { KeyboardEvent } from 'react';

/**
 * Arrow-key movement across a tablist (WAI-ARIA tabs pattern with automatic activation): Left/Right move
 * and select, Home/End jump to the ends. Put it on the tablist's onKeyDown.
 */
export function tabListKeys<T extends string>(ids: readonly T[], current: T, select: (id: T) => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const index = ids.indexOf(current);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % ids.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + ids.length) % ids.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = ids.length - 1;
    if (next === null) return;
    event.preventDefault();
    select(ids[next]!);
    const tabs = event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]');
    tabs[next]?.focus();
  };
}
