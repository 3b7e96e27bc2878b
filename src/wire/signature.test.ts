// The rule itself, with Web Crypto: what the Apps view runs in the browser.
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, signatureMatches } from './signature.ts';
import { headerCases, SIGNING_VECTORS } from './signature-vectors.ts';

describe.each(SIGNING_VECTORS)('signature vector: $name', (v) => {
  it('is signed as the vector says', async () => {
    expect(await hmacSha256Hex(v.secret, v.body)).toBe(v.signature);
    expect(await hmacSha256Hex(v.secret, new TextEncoder().encode(v.body))).toBe(v.signature);
  });

  it.each(headerCases(v))('takes $name: $valid', ({ header, valid }) => {
    expect(signatureMatches(header, v.signature)).toBe(valid);
  });
});

it('refuses a missing header', () => {
  expect(signatureMatches(undefined, SIGNING_VECTORS[0]!.signature)).toBe(false);
  expect(signatureMatches(null, SIGNING_VECTORS[0]!.signature)).toBe(false);
});
