import { describe, expect, it } from 'vitest';
import { failedRow, meetsTarget, median, percentile, row } from './stats.ts';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(median(samples)).toBe(5);
    expect(percentile(samples, 99)).toBe(10);
    expect(percentile(samples, 1)).toBe(1);
  });

  it('expresses a figure as a ratio to its baseline and checks it against the target', () => {
    const r = row('analyze', 30, 'µs', 5, 10);
    expect(r.ratio).toBe(6);
    expect(meetsTarget(r)).toBe(true);
    expect(meetsTarget(row('slow', 60, 'µs', 5, 10))).toBe(false);
    expect(meetsTarget(row('bundle', 260, 'KB', null, 250))).toBe(false);
  });

  it('takes a measured ratio (paired rounds) over value / baseline when given one', () => {
    const r = row('compiled', 12, 'ms', 10, 1.1, 1.05);
    expect(r.ratio).toBe(1.05);
    expect(meetsTarget(r)).toBe(true);
  });

  it('counts a bench module that crashed as a failed row naming the error', () => {
    const r = failedRow('lint-latency.bench.ts', new Error('Chromium is missing'));
    expect(meetsTarget(r)).toBe(false);
    expect(r.error).toContain('Chromium is missing');
  });
});
