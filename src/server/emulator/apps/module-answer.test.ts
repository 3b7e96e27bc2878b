// Every shape rule and limit of a file-processing module's answer (docs: file-processing-modules/*.mdx).
import { describe, expect, it } from 'vitest';
import {
  CUSTOM_DATA_LIMIT,
  Problems,
  checkPreview,
  checkStrings,
  isBase64,
  oneOf,
  parseNdjson,
  readEnvelope,
  reportedError,
  type StringRules,
  type StringShape,
} from './module-answer.ts';

const rules = (
  shape: StringShape,
  targets: Record<string, string[]> = { uk: ['one', 'few', 'many', 'other'] },
): StringRules => ({
  shape,
  sourcePlurals: ['one', 'other'],
  targets,
  customTypes: ['type-xyz'],
});

/** The problems of one strings array, as [severity, pointer, message] for readable failures. */
function check(strings: unknown[], shape: StringShape = 'parse-file', targets?: Record<string, string[]>) {
  const problems = new Problems();
  checkStrings(strings, '/data/strings', rules(shape, targets), problems);
  return problems.done().map((p) => [p.severity, p.pointer, p.message] as const);
}
const errors = (strings: unknown[], shape?: StringShape) =>
  check(strings, shape).filter(([s]) => s === 'error');
const warnings = (strings: unknown[], shape?: StringShape) =>
  check(strings, shape).filter(([s]) => s === 'warning');

const plain = { identifier: 'a', text: 'Save' };

describe('the envelope', () => {
  const read = (text: string) => {
    const problems = new Problems();
    const envelope = readEnvelope(text, problems);
    return { ...envelope, problems: problems.done() };
  };

  it('takes {"data": {…}}', () => {
    expect(read('{"data":{"strings":[]}}')).toEqual({ appError: null, data: { strings: [] }, problems: [] });
  });

  it("gives the app's error.message as it is, even beside data", () => {
    expect(read('{"data":{},"error":{"message":"Line 3: unexpected tag"}}')).toMatchObject({
      appError: 'Line 3: unexpected tag',
      problems: [],
    });
  });

  it('refuses an answer that is not JSON, not an object, without data, or with an error lacking a message', () => {
    expect(read('<html>oops</html>').problems[0]!.message).toContain('not JSON');
    expect(read('[1]').problems[0]!.message).toContain('must be a JSON object');
    expect(read('{}').problems[0]).toMatchObject({ pointer: '/data', severity: 'error' });
    expect(read('{"data":[]}').problems[0]).toMatchObject({ pointer: '/data', severity: 'error' });
    expect(read('{"error":"bad"}').problems[0]).toMatchObject({ pointer: '/error', severity: 'error' });
  });

  it('warns about keys beside data and error', () => {
    expect(read('{"data":{},"ok":true}').problems).toEqual([
      {
        severity: 'warning',
        pointer: '/ok',
        message: '"ok" is not part of the answer; the service ignores it.',
      },
    ]);
  });

  it('reportedError reads the framework\'s {"error": {"message"}} and nothing else', () => {
    expect(reportedError(Buffer.from('{"error":{"message":"no"}}'))).toBe('no');
    expect(reportedError('{"error":"Access denied"}')).toBeNull();
    expect(reportedError('plain text')).toBeNull();
    expect(reportedError('{"error":')).toBeNull();
  });
});

describe('exactly one way of each part', () => {
  const one = (data: Record<string, unknown>, a: string, b: string, required = true) => {
    const problems = new Problems();
    return { key: oneOf(data, a, b, problems, required), problems: problems.done().map((p) => p.message) };
  };

  it('content or contentUrl, strings or stringsUrl: one, not both, not none', () => {
    expect(one({ content: 'TWF5' }, 'content', 'contentUrl').key).toBe('content');
    expect(one({ contentUrl: 'https://app.example/x' }, 'content', 'contentUrl').key).toBe('contentUrl');
    expect(
      one({ content: 'TWF5', contentUrl: 'https://a/x' }, 'content', 'contentUrl').problems[0],
    ).toContain('not both');
    expect(one({}, 'content', 'contentUrl').problems[0]).toContain('neither content nor contentUrl');
    expect(one({ strings: [] }, 'strings', 'stringsUrl').key).toBe('strings');
  });

  it('a preview is optional', () => {
    expect(one({}, 'preview', 'previewUrl', false)).toEqual({ key: null, problems: [] });
  });

  it('content must be base64, a URL http(s), strings an array', () => {
    expect(one({ content: 'not base64!' }, 'content', 'contentUrl').problems[0]).toContain('base64');
    expect(one({ contentUrl: 'ftp://x/y' }, 'content', 'contentUrl').problems[0]).toContain('http(s) URL');
    expect(one({ stringsUrl: 'nope' }, 'strings', 'stringsUrl').problems[0]).toContain('http(s) URL');
    expect(one({ strings: {} }, 'strings', 'stringsUrl').problems[0]).toContain('array');
  });

  it('isBase64 is strict', () => {
    expect(isBase64('TWF5IHRoZSBGb3JjZQ==')).toBe(true);
    expect(isBase64('')).toBe(true);
    expect(isBase64('TWF5I')).toBe(false);
    expect(isBase64('TWF5 IHRo')).toBe(false);
    expect(isBase64('TW=5')).toBe(false);
  });
});

describe('strings', () => {
  it('takes the docs example strings of each shape', () => {
    const parse = {
      previewId: 1,
      identifier: 'string-key-1',
      context: 'Some context',
      customData: 'max 4 KB of custom data',
      maxLength: 10,
      isHidden: false,
      hasPlurals: false,
      labels: ['label-one'],
      attributes: { crowdinType: 'html' },
      text: 'String source text',
      translations: { uk: { text: 'Переклад стрічки', status: 'translated' } },
    };
    const plural = {
      previewId: '2',
      identifier: 'string-key-2',
      hasPlurals: true,
      text: { one: 'One file', other: '%d files' },
      translations: {
        uk: { text: { one: 'Один файл', few: '%d файли' }, status: { one: 'approved', few: 'untranslated' } },
      },
    };
    expect(check([parse, plural])).toEqual([]);
    const { previewId: _p, ...build } = parse;
    expect(check([{ ...build, id: 1 }], 'build-file')).toEqual([]);
    expect(check([{ ...parse, uniqId: '9cdfb439c7876e703e307864c9167a15::1' }], 'post-import')).toEqual([]);
  });

  it('identifier and text are required; an identifier twice is a warning', () => {
    expect(errors([{ text: 'x' }])[0]![1]).toBe('/data/strings/0/identifier');
    expect(errors([{ identifier: '', text: 'x' }])[0]![1]).toBe('/data/strings/0/identifier');
    expect(errors([{ identifier: 'a' }])[0]![1]).toBe('/data/strings/0/text');
    expect(warnings([plain, plain])[0]![2]).toContain('also string #0');
    expect(errors(['string'])[0]![2]).toContain('not an object');
  });

  it('post-import strings need a uniqId unique within the file', () => {
    expect(errors([plain], 'post-import')[0]![1]).toBe('/data/strings/0/uniqId');
    const dup = { ...plain, uniqId: 'u1' };
    expect(errors([dup, { ...dup, identifier: 'b' }], 'post-import')[0]![2]).toContain(
      'uniqId "u1" is also string #0',
    );
    // The same identifier twice is fine there: the module may split a string.
    expect(
      check(
        [
          { ...plain, uniqId: 'u1' },
          { ...plain, uniqId: 'u2' },
        ],
        'post-import',
      ),
    ).toEqual([]);
  });

  it('build-file strings carry the integer id', () => {
    expect(errors([plain], 'build-file')[0]![1]).toBe('/data/strings/0/id');
    expect(errors([{ ...plain, id: '7' }], 'build-file')[0]![1]).toBe('/data/strings/0/id');
  });

  it('previewId is a string or a number; two strings sharing one is a warning (the last is linked)', () => {
    expect(errors([{ ...plain, previewId: true }])[0]![1]).toBe('/data/strings/0/previewId');
    expect(
      warnings([
        { ...plain, previewId: 1 },
        { identifier: 'b', text: 'y', previewId: '1' },
      ])[0]![2],
    ).toContain('only the last');
  });

  it('customData: a string of at most 4 KB (4,096 bytes, counted in UTF-8)', () => {
    expect(check([{ ...plain, customData: 'x'.repeat(CUSTOM_DATA_LIMIT) }])).toEqual([]);
    const over = errors([{ ...plain, customData: 'x'.repeat(CUSTOM_DATA_LIMIT + 1) }]);
    expect(over[0]).toEqual([
      'error',
      '/data/strings/0/customData',
      'String #0: customData is 4,097 bytes; the service keeps at most 4 KB (4,096 bytes) per string.',
    ]);
    // 2,049 two-byte characters are 4,098 bytes.
    expect(errors([{ ...plain, customData: 'ї'.repeat(2049) }])[0]![1]).toBe('/data/strings/0/customData');
    expect(errors([{ ...plain, customData: 42 }])[0]![1]).toBe('/data/strings/0/customData');
  });

  it('hasPlurals decides the text: a string, or an object keyed by the source plural categories', () => {
    expect(errors([{ identifier: 'a', text: { one: 'x', other: 'y' } }])[0]![2]).toContain(
      'set "hasPlurals": true',
    );
    expect(errors([{ identifier: 'a', hasPlurals: true, text: 'x' }])[0]![2]).toContain(
      'keyed by plural category',
    );
    expect(errors([{ identifier: 'a', hasPlurals: true, text: { few: 'x' } }])[0]![2]).toContain(
      '"few" is not a plural category',
    );
    expect(errors([{ identifier: 'a', hasPlurals: true, text: { one: 1 } }])[0]![1]).toBe(
      '/data/strings/0/text/one',
    );
    expect(errors([{ ...plain, hasPlurals: 'no' }])[0]![1]).toBe('/data/strings/0/hasPlurals');
  });

  it('context, maxLength, isHidden and labels have their types (null allowed where the docs default to null)', () => {
    expect(check([{ ...plain, context: null, maxLength: null, isHidden: null, labels: [] }])).toEqual([]);
    expect(errors([{ ...plain, context: 3 }])[0]![1]).toBe('/data/strings/0/context');
    expect(errors([{ ...plain, maxLength: -1 }])[0]![1]).toBe('/data/strings/0/maxLength');
    expect(errors([{ ...plain, maxLength: 1.5 }])[0]![1]).toBe('/data/strings/0/maxLength');
    expect(errors([{ ...plain, isHidden: 'yes' }])[0]![1]).toBe('/data/strings/0/isHidden');
    expect(errors([{ ...plain, labels: [1] }])[0]![1]).toBe('/data/strings/0/labels');
  });

  it('attributes.crowdinType: a Crowdin file type but the excluded ones, or an installed custom format type', () => {
    expect(check([{ ...plain, attributes: { crowdinType: 'json' } }])).toEqual([]);
    expect(check([{ ...plain, attributes: { crowdinType: 'type-xyz' } }])).toEqual([]);
    for (const excluded of ['auto', 'xml', 'csv', 'docx', 'xlsx', 'dita', 'idml', 'mif', 'svg', 'nope']) {
      expect(errors([{ ...plain, attributes: { crowdinType: excluded } }])[0]![1]).toBe(
        '/data/strings/0/attributes/crowdinType',
      );
    }
    expect(errors([{ ...plain, attributes: [] }])[0]![1]).toBe('/data/strings/0/attributes');
    const pluralTyped = {
      identifier: 'a',
      hasPlurals: true,
      text: { other: 'x' },
      attributes: { crowdinType: 'html' },
    };
    expect(warnings([pluralTyped])[0]![2]).toContain('does not re-parse');
  });

  it("translations: keyed by the request's target languages, each {text, status?} in the string's plural shape", () => {
    const t = (translations: unknown, extra = {}) => ({ ...plain, ...extra, translations });
    expect(warnings([t({ de: { text: 'x' } })])[0]![2]).toContain(
      '"de" is not among the request\'s targetLanguages (uk)',
    );
    expect(errors([t([])])[0]![1]).toBe('/data/strings/0/translations');
    expect(errors([t({ uk: 'x' })])[0]![1]).toBe('/data/strings/0/translations/uk');
    expect(errors([t({ uk: { status: 'translated' } })])[0]![1]).toBe('/data/strings/0/translations/uk/text');
    expect(errors([t({ uk: { text: 'x', status: 'done' } })])[0]![1]).toBe(
      '/data/strings/0/translations/uk/status',
    );
    const pluralString = { hasPlurals: true, text: { one: 'a', other: 'b' } };
    expect(errors([t({ uk: { text: { one: 'x', two: 'y' } } }, pluralString)])[0]![2]).toContain(
      '"two" is not a plural category',
    );
    expect(errors([t({ uk: { text: { one: 'x' }, status: { one: 'nope' } } }, pluralString)])[0]![1]).toBe(
      '/data/strings/0/translations/uk/status',
    );
    expect(check([t({ uk: { text: { many: 'x' }, status: { many: 'approved' } } }, pluralString)])).toEqual(
      [],
    );
  });

  it("keys the module's string object does not have are warnings", () => {
    expect(warnings([{ ...plain, uniqId: 'u' }])[0]![2]).toContain('"uniqId" is not a field');
    expect(warnings([{ ...plain, previewId: 1, id: 3 }], 'build-file').map((w) => w[1])).toEqual([
      '/data/strings/0/previewId',
    ]);
  });

  it('reports at most 100 problems and counts the rest', () => {
    const list = check(Array.from({ length: 150 }, () => ({ text: 'x' })));
    expect(list).toHaveLength(101);
    expect(list[100]![2]).toBe('… and 50 more problems.');
  });
});

describe('newline-delimited JSON', () => {
  it('reads one value a line, skipping blank lines and the \\r some writers add', () => {
    const problems = new Problems();
    expect(parseNdjson('{"a":1}\n\r{"a":2}\r\n\n{"a":3}', '/data/stringsUrl', problems)).toEqual([
      { a: 1 },
      { a: 2 },
      { a: 3 },
    ]);
    expect(problems.done()).toEqual([]);
  });

  it('names the line that is not JSON', () => {
    const problems = new Problems();
    expect(parseNdjson('{"a":1}\n{oops\n', '/data/stringsUrl', problems)).toEqual([{ a: 1 }]);
    expect(problems.done()[0]).toMatchObject({ pointer: '/data/stringsUrl line 2', severity: 'error' });
  });
});

describe('the HTML preview', () => {
  const preview = (html: string, strings: unknown[]) => {
    const problems = new Problems();
    checkPreview(html, strings, '/data/preview', problems);
    return problems.done().map((p) => p.message);
  };

  it('links each string by id="string_preview_id_{previewId}" with class="crowdin_phrase"', () => {
    const html =
      '<td><span id="string_preview_id_1" class="crowdin_phrase">A</span><b class="x crowdin_phrase" id="string_preview_id_k">B</b>';
    expect(preview(html, [{ previewId: 1 }, { previewId: 'k' }])).toEqual([]);
  });

  it('warns about a missing element, a missing class, a string without previewId, and plurals', () => {
    const messages = preview('<span id=\'string_preview_id_1\'>A</span><i id="string_preview_id_2">B</i>', [
      { previewId: 1 },
      { previewId: 2 },
      { identifier: 'c' },
      { previewId: 3, hasPlurals: true },
    ]);
    expect(messages).toEqual([
      'A string has plurals: the service does not show a preview then.',
      // Single quotes do not count: the docs ask for double quotes, exactly.
      'String #0: the preview has no element with id="string_preview_id_1", so the string is not linked to it.',
      'String #1: its preview element lacks class="crowdin_phrase": no highlight and no inline editing in the preview.',
      'String #3: the preview has no element with id="string_preview_id_3", so the string is not linked to it.',
      '1 string has no previewId, which is required when a preview is generated.',
    ]);
  });
});
