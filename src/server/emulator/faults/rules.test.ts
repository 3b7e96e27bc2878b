// Which requests a rule picks, and how long a latency rule holds each one: the rules alone, without a server
// (./faults.test.ts has them over HTTP).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FaultRules, type RequestFacts } from './rules.ts';

const get = (path: string): RequestFacts => ({ method: 'GET', path, account: [], app: null });

describe('a rule’s path', () => {
  it('`*` is one segment and `**` one or more: `/api/v2/**` picks every API path and nothing else', () => {
    const rules = new FaultRules();
    rules.add([
      { id: 'every', path: '/api/v2/**', status: 503 },
      { id: 'one', path: '/oauth/*', status: 500 },
    ]);
    const picked = (path: string) => rules.pickRequest(get(path))?.rule.id ?? null;
    expect(picked('/api/v2/user')).toBe('every');
    expect(picked('/api/v2/projects/1/languages/uk/translations')).toBe('every');
    expect(picked('/api/v2')).toBe(null);
    expect(picked('/oauth/token')).toBe('one');
    expect(picked('/oauth/token/extra')).toBe(null);
  });
});

describe('a latency rule with latencyJitterMs', () => {
  const draws = (seed: number) => {
    const rules = new FaultRules();
    rules.add([{ path: '/api/v2/**', latencyMs: 100, latencyJitterMs: 500 }], seed);
    return Array.from({ length: 40 }, () => rules.pickRequest(get('/api/v2/projects/1/strings'))!.latencyMs!);
  };

  it('holds each request its own time, from latencyMs to latencyMs + latencyJitterMs', () => {
    const held = draws(3);
    for (const ms of held) {
      expect(ms).toBeGreaterThanOrEqual(100);
      expect(ms).toBeLessThanOrEqual(600);
    }
    // Spread over the range, so answers come back out of order.
    expect(Math.max(...held) - Math.min(...held)).toBeGreaterThan(250);
    expect(held.some((ms, i) => i > 0 && ms < held[i - 1]!)).toBe(true);
  });

  it('draws the same times for the same seed, and others for another', () => {
    expect(draws(3)).toEqual(draws(3));
    expect(draws(4)).not.toEqual(draws(3));
  });

  it('without jitter, holds every request latencyMs exactly', () => {
    const rules = new FaultRules();
    rules.add([{ path: '/api/v2/**', latencyMs: 250 }]);
    expect(rules.pickRequest(get('/api/v2/user'))!.latencyMs).toBe(250);
  });
});

describe('e2e/slow-service.json (the e2e suite under a slow service, CROQL_E2E_FAULTS)', () => {
  it('is taken as it is, and holds every API and sign-in request 1–600 ms', () => {
    const file = JSON.parse(readFileSync(join(process.cwd(), 'e2e', 'slow-service.json'), 'utf8')) as {
      rules: unknown;
    };
    const rules = new FaultRules();
    rules.add(file.rules);
    for (const path of ['/api/v2/projects/1/strings', '/api/v2/user', '/oauth/token', '/oauth/authorize']) {
      const ms = rules.pickRequest(get(path))?.latencyMs;
      expect(ms, path).toBeGreaterThanOrEqual(1);
      expect(ms, path).toBeLessThanOrEqual(600);
    }
  });
});
