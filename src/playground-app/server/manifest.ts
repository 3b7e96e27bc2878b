// CroQL Playground's app descriptor (`GET /manifest.json`), with Crowdin's key names (Crowdin's
// app-descriptor page and the module pages): a `crowdin_app` app, on crowdin.com and Enterprise, with the
// whole playground in the project menu and the CroQL filter beside the editor. Module keys and paths are the
// wire's (src/wire/playground-app.ts): the browser reads the same.
import { PLAYGROUND_APP_IDENTIFIER, PLAYGROUND_MODULES } from '../../wire/playground-app.ts';
import { APP_SCOPES } from '../../wire/scopes.ts';

/** The server's own routes the manifest announces beside the module pages (app.ts mounts them). */
export const ROUTES = {
  manifest: '/manifest.json',
  installed: '/installed',
  uninstall: '/uninstall',
  logo: '/logo.svg',
} as const;

/**
 * Exactly what the playground reads (src/wire/scopes.ts APP_SCOPES, the scopes its OAuth sign-in asks for):
 * the project and its languages, members, files, directories, branches, labels, the strings and
 * translations listings, TM segments and glossary terms. The app server forwards reads only (proxy.ts).
 */
export const SCOPES: readonly string[] = APP_SCOPES;

export interface ManifestOptions {
  baseUrl: string;
  clientId: string;
}

export function manifest({ baseUrl, clientId }: ManifestOptions) {
  return {
    identifier: PLAYGROUND_APP_IDENTIFIER,
    name: 'CroQL Playground',
    description:
      'Write, check and run CroQL queries on the project you are in: an editor with completion, a visual ' +
      'builder, live results and a library; and a CroQL filter beside the editor.',
    baseUrl,
    logo: ROUTES.logo,
    authentication: { type: 'crowdin_app', clientId },
    events: { installed: ROUTES.installed, uninstall: ROUTES.uninstall },
    scopes: [...SCOPES],
    environments: ['crowdin', 'crowdin-enterprise'],
    // Every member may open both modules unless the installer narrows it (Crowdin's API spec,
    // ApplicationDefaultPermissions); without it the service offers them to the installer alone.
    default_permissions: { user: 'all' },
    modules: {
      [PLAYGROUND_MODULES.projectMenu.type]: [
        {
          key: PLAYGROUND_MODULES.projectMenu.key,
          name: 'CroQL Playground',
          url: PLAYGROUND_MODULES.projectMenu.path,
        },
      ],
      [PLAYGROUND_MODULES.editorPanel.type]: [
        {
          key: PLAYGROUND_MODULES.editorPanel.key,
          name: 'CroQL filter',
          // `translate` is the comfortable, side-by-side and multilingual views (the module's page).
          modes: ['translate'],
          supportsMultipleStrings: false,
          url: PLAYGROUND_MODULES.editorPanel.path,
        },
      ],
    },
  };
}

/** The logo: a query's brackets around a dot, in the playground's blue. */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" role="img" aria-label="CroQL Playground">
<rect width="48" height="48" rx="10" fill="#1d4ed8"/>
<path d="M17 12c-5 4-5 20 0 24M31 12c5 4 5 20 0 24" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>
<circle cx="24" cy="24" r="4" fill="#fff"/>
</svg>
`;
