// The consent form's defence against a cross-site post (a page elsewhere making the browser approve a sign-in
// the user never saw, then receiving the code at a registered redirect): the form carries a token the
// emulator signed for exactly these authorization parameters, valid for a few minutes; a page elsewhere
// cannot read the consent page to copy it. Browsers also say where a post comes from (Fetch Metadata,
// Origin): a post from another site is refused whatever it carries.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The hidden field of the consent form. */
export const CONSENT_TOKEN_FIELD = 'consent_token';
const LIFETIME_MS = 10 * 60_000;

function signature(key: string, issuedAt: number, params: Record<string, string>, names: string[]): string {
  const signed = JSON.stringify(['consent', issuedAt, ...names.map((n) => params[n] ?? '')]);
  return createHmac('sha256', key).update(signed).digest('base64url');
}

/** A token for the consent form of the authorization request `params` (its `names` fields). */
export function consentToken(key: string, now: number, params: Record<string, string>, names: string[]) {
  return `${now}.${signature(key, now, params, names)}`;
}

export interface ConsentPost {
  token: string | undefined;
  /** The request's `Sec-Fetch-Site` and `Origin` headers, and the emulator's own origin. */
  fetchSite: string | undefined;
  origin: string | undefined;
  ownOrigin: string;
}

/** Why a consent post is refused, or null when it came from the consent page the emulator served. */
export function refuseConsentPost(
  key: string,
  now: number,
  params: Record<string, string>,
  names: string[],
  post: ConsentPost,
): string | null {
  // The consent page sends no referrer, so its own post carries `Origin: null`.
  const foreign =
    (post.fetchSite !== undefined && post.fetchSite !== 'same-origin') ||
    (post.origin !== undefined && post.origin !== 'null' && post.origin !== post.ownOrigin);
  if (foreign) return 'The sign-in form was sent from another site, so nothing was approved.';
  const [issued, mac] = (post.token ?? '').split('.');
  const issuedAt = Number(issued);
  const expected = Buffer.from(signature(key, issuedAt, params, names));
  const given = Buffer.from(mac ?? '');
  if (
    !Number.isSafeInteger(issuedAt) ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  )
    return 'The sign-in form did not come from this consent page, so nothing was approved.';
  if (now - issuedAt > LIFETIME_MS || issuedAt > now + 60_000)
    return 'The consent page was open for too long. Go back to the application and sign in again.';
  return null;
}
