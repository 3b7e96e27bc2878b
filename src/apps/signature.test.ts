import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { headerCases, SIGNING_VECTORS } from '../wire/signature-vectors.ts';
import { checkSignature, VERIFIER_SNIPPETS } from './signature.ts';

const secret = 'app-secret-ü';
const body = JSON.stringify({ events: [{ event: 'string.added', text: 'Привіт «світ» 🌍' }] });
const signature = createHmac('sha256', secret).update(Buffer.from(body)).digest('hex');
const fixture = (headers: Record<string, string>) => ({
  method: 'POST',
  url: 'http://a/webhooks',
  headers,
  body,
});

const python = (() => {
  try {
    execFileSync('python3', ['-c', 'import sys; assert sys.version_info >= (3, 10)'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('the signature check', () => {
  it.each(SIGNING_VECTORS)('passes the shared vector "$name" for every header case', async (v) => {
    for (const { header, valid } of headerCases(v)) {
      const request = { method: 'POST', url: 'http://a/webhooks', headers: {}, body: v.body };
      const check = await checkSignature(
        { ...request, headers: header ? { 'X-Crowdin-Signature': header } : {} },
        v.secret,
      );
      expect(check, header).toMatchObject(
        header ? { kind: 'checked', computed: v.signature, valid } : { kind: 'unsigned' },
      );
    }
  });

  it('is green for the sent signature, in any header case and with a sha256= prefix, red otherwise', async () => {
    expect(await checkSignature(fixture({ 'x-crowdin-signature': signature }), secret)).toEqual({
      kind: 'checked',
      sent: signature,
      computed: signature,
      valid: true,
    });
    const prefixed = await checkSignature(fixture({ 'X-Crowdin-Signature': `sha256=${signature}` }), secret);
    expect(prefixed).toMatchObject({ valid: true });
    const other = await checkSignature(fixture({ 'X-Crowdin-Signature': signature }), 'another secret');
    expect(other).toMatchObject({ kind: 'checked', valid: false });
  });

  it('says when a call is unsigned or the secret is gone', async () => {
    expect(await checkSignature(fixture({}), secret)).toEqual({ kind: 'unsigned' });
    expect(await checkSignature(fixture({ 'X-Crowdin-Signature': 'ab' }), null)).toEqual({
      kind: 'no-secret',
      sent: 'ab',
    });
  });

  it('the JavaScript snippet accepts the signature and refuses a tampered body', async () => {
    const source = `data:text/javascript;base64,${Buffer.from(VERIFIER_SNIPPETS.javascript).toString('base64')}`;
    const { isFromCrowdin } = (await import(/* @vite-ignore */ source)) as {
      isFromCrowdin: (raw: Buffer, header: string | undefined, secret: string) => boolean;
    };
    expect(isFromCrowdin(Buffer.from(body), signature, secret)).toBe(true);
    expect(isFromCrowdin(Buffer.from(body), `sha256=${signature}`, secret)).toBe(true);
    expect(isFromCrowdin(Buffer.from(`${body} `), signature, secret)).toBe(false);
    expect(isFromCrowdin(Buffer.from(body), undefined, secret)).toBe(false);
    for (const v of SIGNING_VECTORS) {
      for (const { name, header, valid } of headerCases(v)) {
        expect(isFromCrowdin(Buffer.from(v.body), header, v.secret), `${v.name}: ${name}`).toBe(valid);
      }
    }
  });

  it.skipIf(!python)('the Python snippet accepts the signature and refuses a tampered body', () => {
    const run = (raw: string, header: string) =>
      execFileSync(
        'python3',
        [
          '-c',
          `${VERIFIER_SNIPPETS.python}\nimport sys\nprint(is_from_crowdin(sys.stdin.buffer.read(), sys.argv[1], sys.argv[2]))`,
          header,
          secret,
        ],
        { input: Buffer.from(raw) },
      )
        .toString()
        .trim();
    expect(run(body, signature)).toBe('True');
    expect(run(`${body} `, signature)).toBe('False');
    // Every shared vector in one run: [body, header, secret] in, one verdict per case out.
    const cases = SIGNING_VECTORS.flatMap((v) => headerCases(v).map((c) => ({ ...c, v })));
    const verdicts = execFileSync(
      'python3',
      [
        '-c',
        `${VERIFIER_SNIPPETS.python}\nimport json, sys\nprint(json.dumps([is_from_crowdin(b.encode(), h, s) for b, h, s in json.load(sys.stdin)]))`,
      ],
      { input: JSON.stringify(cases.map((c) => [c.v.body, c.header, c.v.secret])) },
    ).toString();
    expect(JSON.parse(verdicts)).toEqual(cases.map((c) => c.valid));
  });
});
