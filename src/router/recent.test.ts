import { describe, expect, it } from 'vitest';
import { RecentKeys, repeatKey } from './recent.ts';

describe('RecentKeys', () => {
  it('claims a key once within its window, again after it', () => {
    let t = 0;
    const recent = new RecentKeys(1000, 100, () => t);
    expect(recent.claim('a')).toBe(true);
    expect(recent.claim('a')).toBe(false);
    t = 999;
    expect(recent.claim('a')).toBe(false);
    t = 1000;
    expect(recent.claim('a')).toBe(true);
  });

  it('keeps at most its cap, dropping the oldest', () => {
    const recent = new RecentKeys(60_000, 3);
    for (const k of ['a', 'b', 'c', 'd']) recent.claim(k);
    expect(recent.size).toBe(3);
    expect(recent.claim('a')).toBe(true);
    expect(recent.claim('d')).toBe(false);
  });

  it('forgets a released key', () => {
    const recent = new RecentKeys(60_000, 10);
    recent.claim('a');
    recent.release('a');
    expect(recent.claim('a')).toBe(true);
  });

  it('tells a new revision from a repeat', () => {
    const item = { stepId: 7, languageId: 'uk', string: { id: 3 }, revision: 2 };
    expect(repeatKey('acme', item)).not.toBe(repeatKey('acme', { ...item, revision: 3 }));
    expect(repeatKey('acme', item)).toBe(repeatKey('acme', { ...item }));
  });
});
