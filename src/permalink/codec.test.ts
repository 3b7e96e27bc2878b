import { describe, expect, it } from 'vitest';
import {
  decodePermalink,
  encodePermalink,
  encodeRawPermalink,
  permalinkUrl,
  prefillFromSearch,
  type Permalink,
} from './codec.ts';

const link: Permalink = {
  connection: 'emulator',
  domain: null,
  projectId: 1,
  context: 'translations',
  listingId: 'uk',
  text: 'text contains "Привіт" and @user:"alice" = user',
};

describe('permalinks', () => {
  it('round-trips every field, including non-ASCII text and quotes', () => {
    const hash = encodePermalink(link);
    expect(hash).toMatch(/^#v1\/[A-Za-z0-9_-]+$/);
    expect(decodePermalink(hash)).toEqual({ status: 'ok', link });
  });

  it('round-trips an enterprise link with its domain and a glossary id', () => {
    const enterprise: Permalink = {
      ...link,
      connection: 'enterprise',
      domain: 'acme',
      context: 'glossaryTerms',
      listingId: 7,
    };
    expect(decodePermalink(encodePermalink(enterprise))).toEqual({ status: 'ok', link: enterprise });
  });

  it('builds a URL whose fragment holds the link (never the query string, so servers never see it)', () => {
    const url = new URL(permalinkUrl('http://127.0.0.1:5173', link));
    expect(url.search).toBe('');
    expect(url.hash.startsWith('#v1/')).toBe(true);
  });

  it('has no room for a token or a host', () => {
    const hash = encodePermalink(link);
    const json = JSON.parse(Buffer.from(hash.slice(4), 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(Object.keys(json).sort()).toEqual(['c', 'i', 'l', 'p', 'q']);
  });

  it('says "none" without a fragment', () => {
    expect(decodePermalink('')).toEqual({ status: 'none' });
    expect(decodePermalink('#')).toEqual({ status: 'none' });
  });

  it('loads only the text of a link of an unknown version, with a warning', () => {
    const result = decodePermalink(encodeRawPermalink(9, { q: 'is hidden', server: 'https://evil.example' }));
    expect(result.status).toBe('textOnly');
    if (result.status !== 'textOnly') return;
    expect(result.text).toBe('is hidden');
    expect(result.message).toMatch(/different version .*v9/);
  });

  it('rejects an enterprise domain that is a URL or a dotted host, keeping only the text', () => {
    for (const d of [
      'evil.example',
      'https://evil.example',
      'acme.evil.example',
      'a/b',
      'acme:443',
      '-acme',
      '',
    ]) {
      const result = decodePermalink(
        encodeRawPermalink(1, { c: 'enterprise', d, l: 'strings', q: 'is hidden' }),
      );
      expect(result.status, d).toBe('textOnly');
    }
  });

  it('rejects unknown connections and listings, keeping only the text', () => {
    expect(decodePermalink(encodeRawPermalink(1, { c: 'custom', l: 'strings', q: 'x' })).status).toBe(
      'textOnly',
    );
    expect(decodePermalink(encodeRawPermalink(1, { c: 'emulator', l: 'users', q: 'x' })).status).toBe(
      'textOnly',
    );
    expect(
      decodePermalink(encodeRawPermalink(1, { c: 'emulator', l: 'tmSegments', i: 'x', q: 'x' })).status,
    ).toBe('textOnly');
  });

  it('explains a damaged link and never throws', () => {
    for (const hash of [
      '#v1/!!!',
      '#v1/',
      '#v1/eyJ',
      '#hello',
      '#v1/' + Buffer.from('[1]').toString('base64url'),
    ]) {
      const result = decodePermalink(hash);
      expect(result.status, hash).toBe('invalid');
      if (result.status === 'invalid') expect(result.message).toMatch(/kept|ignored/);
    }
  });

  it('reads ?croql= prefills', () => {
    expect(prefillFromSearch('?croql=is%20hidden%20and%20x')).toBe('is hidden and x');
    expect(prefillFromSearch('?other=1')).toBeNull();
  });
});

describe('permalinks of templates', () => {
  const template: Permalink = {
    ...link,
    text: 'count of translations where (language = {{lang}} and user = {{who}}) > 0',
    params: [
      { name: 'lang', type: 'language', value: 'uk' },
      { name: 'who', type: 'member', value: 'a"b\\c' },
    ],
  };
  it('carry the template and its values', () => {
    expect(decodePermalink(encodePermalink(template))).toEqual({ status: 'ok', link: template });
  });
  it('damaged parameters load only the text, with a message', () => {
    const result = decodePermalink(
      encodeRawPermalink(1, { c: 'emulator', l: 'strings', q: 'id = {{n}}', a: [['n', 'nope', '1']] }),
    );
    expect(result).toMatchObject({ status: 'textOnly', text: 'id = {{n}}' });
  });
});
