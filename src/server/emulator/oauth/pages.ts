// The HTML of the consent and error pages. Plain server-rendered forms: no script, every value escaped.
import type { DemoUser } from '../data/model.ts';
import type { OAuthClient } from '../config.ts';
import { CONSENT_TOKEN_FIELD } from './forgery.ts';

/**
 * The headers of the emulator's pages (its root page, consent and error pages): never framed (clickjacking),
 * nothing loaded or run but their inline style, no referrer (an authorization request's URL carries its
 * state and challenge). No form-action: the consent form's answer redirects to the application.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0}
main{max-width:28rem;margin:4rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px #0002}
h1{font-size:1.3rem;margin:0 0 1rem}ul{padding-left:1.2rem}label{display:block;margin:1rem 0 .3rem;font-weight:600}
select{font:inherit;padding:.4rem;width:100%}.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{font:inherit;padding:.55rem 1.2rem;border-radius:8px;border:1px solid #263f8c;cursor:pointer}
.approve{background:#263f8c;color:#fff}.decline{background:#fff;color:#263f8c}.note{color:#5b6475;font-size:.9rem}
.error{border-left:4px solid #b3261e;padding-left:1rem}code{background:#eef;padding:0 .2rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const SCOPE_TEXT: Record<string, string> = {
  '*': 'Everything your account can do',
  project: 'Projects: strings, translations, files, labels and members',
  'project.settings': 'Your projects and their languages',
  'project.member': 'Project members',
  'project.source': 'Source files and strings',
  'project.translation': 'Translations',
  tm: 'Translation memories and their segments',
  glossary: 'Glossaries and their terms',
};

export function consentPage(
  client: OAuthClient,
  scopes: string[],
  users: readonly DemoUser[],
  params: Record<string, string>,
  token: string,
): string {
  const hidden = Object.entries({ ...params, [CONSENT_TOKEN_FIELD]: token })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const options = users
    .map(
      (u, i) =>
        `<option value="${u.id}"${i === 0 ? ' selected' : ''}>${escapeHtml(u.fullName)} (${escapeHtml(u.username)})</option>`,
    )
    .join('');
  const scopeItems = scopes
    .map(
      (s) =>
        `<li><code>${escapeHtml(s)}</code>: ${escapeHtml(SCOPE_TEXT[s] ?? SCOPE_TEXT[s.split('.')[0]!] ?? s)}</li>`,
    )
    .join('');
  return page(
    `Authorize ${client.name}`,
    `<h1><strong>${escapeHtml(client.name)}</strong> wants to access your account</h1>
<p class="note">Local emulator: no password, pick the demo user to sign in as.</p>
<p>It asks for:</p><ul>${scopeItems}</ul>
<form method="post" action="/oauth/authorize">${hidden}
<label for="user">Sign in as</label><select id="user" name="user">${options}</select>
<div class="actions"><button class="approve" type="submit" name="decision" value="approve">Approve</button>
<button class="decline" type="submit" name="decision" value="decline">Decline</button></div></form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(
    title,
    `<div class="error"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div>
<p class="note">You were not sent back to the application, because it could not be verified where to send you.</p>`,
  );
}
