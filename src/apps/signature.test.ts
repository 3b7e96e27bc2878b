import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignature, hmacSha256Hex, VERIFIER_SNIPPETS } from './signature.ts';

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
  it('recomputes what the emulator (and Node) sign: hex HMAC-SHA256 of the UTF-8 body', async () => {
    expect(await hmacSha256Hex(secret, body)).toBe(signature);
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
  });
});
