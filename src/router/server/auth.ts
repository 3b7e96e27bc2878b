// Proof that a call comes from the service. Webhook deliveries carry `X-Crowdin-Signature`, checked by the
// one rule of src/wire/signature.ts over the raw body with the installation's app secret. Settings callbacks
// and the settings page carry the service's JWT, checked as every app of the project checks it
// (src/app-server/jwt.ts).
import { createHmac } from 'node:crypto';
import { signatureMatches } from '../../wire/signature.ts';

export { JwtError, tokenOf, verifyServiceJwt, type ServiceClaims } from '../../app-server/jwt.ts';

export function signatureOf(body: Uint8Array, appSecret: string): string {
  return createHmac('sha256', appSecret).update(body).digest('hex');
}

/** Whether `header` is the body's signature with this secret. */
export function verifySignature(body: Uint8Array, header: string | undefined, appSecret: string): boolean {
  return signatureMatches(header, signatureOf(body, appSecret));
}
