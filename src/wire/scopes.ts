// OAuth scopes: the names the service lists on its scopes page, what each API operation requires (the
// OpenAPI's "Required scopes"), and the scopes this app asks for (README.md, "Where the service is silent",
// names the sources). The emulator grants and checks with these; the relay tells the browser which to ask for.

/** Every scope the service lists, `*` (all scopes) included. Nothing else is a scope. */
export const SERVICE_SCOPES = [
  '*',
  'notification',
  'language',
  'application',
  'tm',
  'mt',
  'webhook',
  'vendor',
  'client',
  'glossary',
  'style-guide',
  'user',
  'team',
  'field',
  'group',
  'ai',
  'ai.provider',
  'ai.prompt',
  'ai.proxy',
  'ai.fine-tuning',
  'ai.translate',
  'ai.request-log',
  'project',
  'project.settings',
  'project.member',
  'project.task',
  'project.report',
  'project.status',
  'project.source',
  'project.webhook',
  'project.translation',
  'project.screenshot',
  'project.advisor',
  'security-log',
  'organization',
  'custom-spellchecker',
  'external-qa-check',
] as const;

export type ServiceScope = (typeof SERVICE_SCOPES)[number];

export function isServiceScope(scope: string): scope is ServiceScope {
  return (SERVICE_SCOPES as readonly string[]).includes(scope);
}

/**
 * The scope each operation this app calls requires, as the OpenAPI names it. Some names are finer than the
 * scopes page's (`project.source.string` under `project.source`); a granted scope covers every name below it.
 */
export const REQUIRED_SCOPES = {
  projects: 'project.settings',
  members: 'project.member',
  sourceFiles: 'project.source.file',
  strings: 'project.source.string',
  translations: 'project.translation',
  tm: 'tm',
  glossary: 'glossary',
} as const;

/** Whether the granted scopes (space separated, as in a token) cover the required one. */
export function grants(granted: string, required: string): boolean {
  return granted
    .split(' ')
    .filter(Boolean)
    .some((s) => s === '*' || s === required || required.startsWith(`${s}.`));
}

/**
 * What the app asks for at sign-in: exactly what its calls require (projects and their languages, members
 * for @user completion, files/branches/labels for names in the results, the four listings), read-only use.
 */
export const APP_SCOPES: readonly ServiceScope[] = [
  'project.settings',
  'project.member',
  'project.source',
  'project.translation',
  'tm',
  'glossary',
];
