import { describe, expect, it } from 'vitest';
import { analyze } from './check.ts';
import { datetimeLiteral } from './literals.ts';
import {
  describeRelative,
  parseRelative,
  RELATIVE_SUGGESTIONS,
  resolveRelative,
  type RelativeDatetime,
} from './relative-datetime.ts';

/** Wednesday 2024-05-15 13:45:30.250 UTC. */
const NOW = new Date('2024-05-15T13:45:30.250Z');
const at = (text: string, now = NOW) => resolveRelative(parseRelative(text)!, now);

describe('relative datetimes', () => {
  it('read as a person writes them, in any case and spacing', () => {
    expect(parseRelative('7 days ago')).toEqual({ kind: 'ago', amount: 7, unit: 'day' });
    expect(parseRelative('  1   Hour AGO ')).toEqual({ kind: 'ago', amount: 1, unit: 'hour' });
    expect(parseRelative('start of this month')).toEqual({ kind: 'start', which: 'this', period: 'month' });
    expect(parseRelative('Start of LAST quarter')).toEqual({
      kind: 'start',
      which: 'last',
      period: 'quarter',
    });
    expect(parseRelative('yesterday')).toEqual({ kind: 'yesterday' });
    expect(parseRelative('now')).toEqual({ kind: 'now' });
    for (const bad of [
      'today',
      '0 days ago',
      '10000 days ago',
      '7 days',
      'days ago',
      'start of next month',
      '',
    ])
      expect(parseRelative(bad), bad).toBeNull();
  });

  it('become a UTC datetime at the moment given (weeks start on Monday)', () => {
    expect(at('now')).toBe('2024-05-15 13:45:30');
    expect(at('5 minutes ago')).toBe('2024-05-15 13:40:30');
    expect(at('2 hours ago')).toBe('2024-05-15 11:45:30');
    expect(at('7 days ago')).toBe('2024-05-08 13:45:30');
    expect(at('2 weeks ago')).toBe('2024-05-01 13:45:30');
    expect(at('yesterday')).toBe('2024-05-14 00:00:00');
    expect(at('start of this day')).toBe('2024-05-15 00:00:00');
    expect(at('start of this week')).toBe('2024-05-13 00:00:00');
    expect(at('start of last week')).toBe('2024-05-06 00:00:00');
    expect(at('start of this month')).toBe('2024-05-01 00:00:00');
    expect(at('start of last month')).toBe('2024-04-01 00:00:00');
    expect(at('start of this quarter')).toBe('2024-04-01 00:00:00');
    expect(at('start of last quarter')).toBe('2024-01-01 00:00:00');
    expect(at('start of this year')).toBe('2024-01-01 00:00:00');
    expect(at('start of last year')).toBe('2023-01-01 00:00:00');
  });

  it('cross month and year ends, and keep to the last day of a shorter month', () => {
    expect(at('start of last month', new Date('2024-01-20T00:00:00Z'))).toBe('2023-12-01 00:00:00');
    expect(at('start of last quarter', new Date('2024-02-29T10:00:00Z'))).toBe('2023-10-01 00:00:00');
    expect(at('1 month ago', new Date('2024-03-31T09:00:00Z'))).toBe('2024-02-29 09:00:00');
    expect(at('1 year ago', new Date('2024-02-29T09:00:00Z'))).toBe('2023-02-28 09:00:00');
    // A Sunday belongs to the week that started the Monday before.
    expect(at('start of this week', new Date('2024-05-19T23:59:59Z'))).toBe('2024-05-13 00:00:00');
  });

  it('read as a phrase of a sentence', () => {
    const phrases = ['1 day ago', '3 months ago', 'start of this week', 'yesterday', 'now'].map((t) =>
      describeRelative(parseRelative(t) as RelativeDatetime),
    );
    expect(phrases).toEqual([
      '1 day ago',
      '3 months ago',
      'the start of this week',
      'the start of yesterday',
      'now',
    ]);
  });

  it('every suggestion the form offers is either CroQL’s own datetime or a relative one that checks', () => {
    for (const s of RELATIVE_SUGGESTIONS) {
      const body = s === 'today' ? s : at(s);
      expect(analyze(`updated > ${datetimeLiteral(body)}`, 'strings').diagnostics, s).toEqual([]);
    }
  });
});
