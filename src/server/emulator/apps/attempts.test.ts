// An attempt in words, as the log, `apps listen` and the installations' problems say it: what came back, or
// why nothing did, explained for its kind of call.
import { expect, it } from 'vitest';
import type { AttemptInfo } from '../../../wire/apps.ts';
import { DELIVERY_KINDS } from '../../../wire/delivery-kinds.ts';
import { attemptInfo, outcomeWords } from './attempts.ts';
import { formatAttempt } from './cli.ts';

it('`apps listen` says an attempt without an HTTP status failed, and why, rather than "no answer" to garbage', () => {
  const attempt = (status: number | null, error: string | null): AttemptInfo => ({
    n: 1,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 2.4,
    status,
    error,
    answerStart: '',
    answerBytes: 0,
    answerTruncated: false,
    location: null,
    ok: status !== null && status < 300,
  });
  expect(formatAttempt(attempt(null, "The app's answer is not HTTP (Parse Error)."))).toBe(
    "failed in 2 ms (The app's answer is not HTTP (Parse Error).)",
  );
  expect(formatAttempt(attempt(null, 'No answer within 3 s.'))).toBe(
    'failed in 2 ms (No answer within 3 s.)',
  );
  expect(formatAttempt(attempt(200, null))).toBe('200 in 2 ms');
});

it('a non-2xx answer is explained for its kind of call, without repeating the status shown beside it', () => {
  const answered = (status: number, headers: Record<string, string> = {}) => ({
    status,
    headers,
    body: Buffer.from('boom'),
    bodyBytes: 4,
    truncated: false,
    durationMs: 3,
    error: null,
  });
  const install = attemptInfo('installed', 1, 0, answered(500));
  expect(install).toMatchObject({ status: 500, ok: false, error: 'Only a 2xx completes an install.' });
  expect(formatAttempt(install)).toBe('500 in 3 ms (Only a 2xx completes an install.)');
  expect(attemptInfo('webhook', 1, 0, answered(503)).error).toBe('Only a 2xx acknowledges a delivery.');
  expect(attemptInfo('settings', 1, 0, answered(403)).error).toBe('Only a 2xx saves the settings.');
  expect(attemptInfo('settings', 1, 0, answered(302, { location: '/x' })).error).toBe(
    'A redirect to /x: the service does not follow redirects.',
  );
  for (const kind of DELIVERY_KINDS) {
    expect(attemptInfo(kind, 1, 0, answered(500)).error).not.toContain('500');
    expect(attemptInfo(kind, 1, 0, answered(204)).error).toBeNull();
  }
  expect(outcomeWords(install)).toBe('the app answered 500');
  expect(outcomeWords({ status: null, error: 'No answer within 30 s.' })).toBe('No answer within 30 s.');
});
