// The signature check of a delivery, as an app does it (the rule: src/wire/signature.ts), recomputed here in
// the browser and set beside the X-Crowdin-Signature the emulator sent. The verifier snippets are what an app
// developer pastes into their own handler; they follow the same rule and pass the same vectors.
import type { Fixture } from '../wire/apps.ts';
import { hmacSha256Hex, SIGNATURE_HEADER, signatureMatches } from '../wire/signature.ts';

/** A request header by name, whatever its case. */
export function headerOf(request: Pick<Fixture, 'headers'>, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(request.headers)) if (key.toLowerCase() === wanted) return value;
  return null;
}

export type SignatureCheck =
  | { kind: 'unsigned' }
  | { kind: 'no-secret'; sent: string }
  | { kind: 'checked'; sent: string; computed: string; valid: boolean };

/** The check of one request: `secret` is the app's (null once the app is uninstalled). */
export async function checkSignature(request: Fixture, secret: string | null): Promise<SignatureCheck> {
  const sent = headerOf(request, SIGNATURE_HEADER);
  if (sent === null) return { kind: 'unsigned' };
  if (secret === null) return { kind: 'no-secret', sent };
  const computed = await hmacSha256Hex(secret, request.body);
  return { kind: 'checked', sent, computed, valid: signatureMatches(sent, computed) };
}

export type SnippetLanguage = 'javascript' | 'python';

export const SNIPPET_LABELS: Record<SnippetLanguage, string> = {
  javascript: 'JavaScript (Node)',
  python: 'Python',
};

/** A verifier for the app's webhook handler: constant-time, over the raw body, before parsing it. */
export const VERIFIER_SNIPPETS: Record<SnippetLanguage, string> = {
  javascript: `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body as received (a Buffer), before any JSON parsing.
// appSecret: the appSecret of the installed event.
export function isFromCrowdin(rawBody, signatureHeader, appSecret) {
  const expected = createHmac('sha256', appSecret).update(rawBody).digest('hex');
  const given = String(signatureHeader ?? '').replace(/^sha256=/, '');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

// In the handler: isFromCrowdin(rawBody, req.headers['x-crowdin-signature'], appSecret)
`,
  python: `import hashlib
import hmac


def is_from_crowdin(raw_body: bytes, signature_header: str | None, app_secret: str) -> bool:
    """raw_body: the request body as received, before any JSON parsing."""
    expected = hmac.new(app_secret.encode(), raw_body, hashlib.sha256).hexdigest()
    given = (signature_header or "").removeprefix("sha256=")
    return hmac.compare_digest(given, expected)


# In the handler: is_from_crowdin(request.get_data(), request.headers.get("X-Crowdin-Signature"), app_secret)
`,
};
