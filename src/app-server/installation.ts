// What an app server keeps of an installation: the installed event's fields (Crowdin's installation page;
// the official functions library's InstallEvent), and how an installation is keyed. Both of the project's
// Crowdin apps (CroQL Router, CroQL Playground) read it.

/** The installed event's fields an app keeps. */
export interface AppInstallation {
  appId: string;
  appSecret: string;
  clientId: string;
  /** The user who installed the app: the `crowdin_app` grant acts as them. */
  userId: number;
  organizationId: number;
  /** null on crowdin.com; the organization's domain on Enterprise. */
  domain: string | null;
  baseUrl: string;
  /** The app's bot user, sent only to `crowdin_agent` apps: its token acts as the bot. */
  agentId?: number;
  installedAt: string;
}

/** How the service and the official framework key an installation: the domain, else the organization id. */
export function organizationKey(domain: string | null | undefined, organizationId: number | string): string {
  return domain ? domain : String(organizationId);
}

/** A whole number as the service sends one, a number or a string of digits; else null. */
export function integer(v: unknown): number | null {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
}

/**
 * The installed event's body (Crowdin's installation page), or what is wrong with it. An app that needs
 * more of it (a `crowdin_agent` app its `agentId`) names those whole-number fields in `required`, and
 * `hint` is added to the message when anything is missing, to say why.
 */
export function readInstalled<K extends 'agentId' = never>(
  body: unknown,
  extra?: { required: readonly K[]; hint: string },
): (AppInstallation & Record<K, number>) | string {
  if (typeof body !== 'object' || body === null) return 'The installed event must be a JSON object.';
  const b = body as Record<string, unknown>;
  const strings = ['appId', 'appSecret', 'clientId', 'baseUrl'] as const;
  const ints = ['userId', 'organizationId', ...(extra?.required ?? [])];
  const missing: string[] = [
    ...strings.filter((k) => typeof b[k] !== 'string' || b[k] === ''),
    ...ints.filter((k) => integer(b[k]) === null),
  ];
  if (b.domain !== null && b.domain !== undefined && typeof b.domain !== 'string') missing.push('domain');
  if (missing.length)
    return `The installed event lacks ${missing.join(', ')}${extra ? ` ${extra.hint}` : ''}.`;
  const installation: AppInstallation = {
    appId: b.appId as string,
    appSecret: b.appSecret as string,
    clientId: b.clientId as string,
    baseUrl: b.baseUrl as string,
    userId: integer(b.userId)!,
    organizationId: integer(b.organizationId)!,
    domain: typeof b.domain === 'string' && b.domain !== '' ? b.domain : null,
    installedAt: new Date().toISOString(),
  };
  for (const k of extra?.required ?? []) installation[k] = integer(b[k])!;
  return installation as AppInstallation & Record<K, number>;
}
