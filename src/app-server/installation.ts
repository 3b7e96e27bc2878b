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
