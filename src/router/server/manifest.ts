// The app descriptor the service installs from (`GET /manifest.json`), with Crowdin's key names (Crowdin's
// app-descriptor and module pages): a `crowdin_agent` app whose bot routes strings, its workflow step with
// the outputs the settings name, and the webhook that brings the strings reaching the step.
import { STEP_EVENT } from '../../wire/apps.ts';
import { INPUT_PORTS } from '../../wire/workflow-step.ts';
import { OUTPUTS } from '../settings.ts';

/** Module keys and routes the manifest announces; the server mounts the same paths (app.ts). */
export const ROUTES = {
  manifest: '/manifest.json',
  installed: '/installed',
  uninstall: '/uninstall',
  webhook: '/webhooks',
  updateSettings: '/step/settings',
  deleteSettings: '/step/delete',
  settingsPage: '/step/page/',
  pageApi: '/step/api',
  logo: '/logo.svg',
} as const;

export const STEP_MODULE_KEY = 'croql-router';
export const WEBHOOK_MODULE_KEY = 'croql-router-strings';

/** Every port a step's input may take: the router sits anywhere in a workflow. */

export interface ManifestOptions {
  identifier: string;
  baseUrl: string;
  clientId: string;
}

/** Scopes: `project` covers the strings listing, labels, branches, members and the string-status API. */
export const SCOPES = ['project'];

export function manifest({ identifier, baseUrl, clientId }: ManifestOptions) {
  return {
    identifier,
    name: 'CroQL Router',
    description:
      'A workflow step that routes each string to the output of the first CroQL rule it matches: ' +
      '"strings labelled legal go to legal review".',
    baseUrl,
    logo: ROUTES.logo,
    authentication: { type: 'crowdin_agent', clientId },
    agent: { username: 'croql-router', name: 'CroQL Router' },
    events: { installed: ROUTES.installed, uninstall: ROUTES.uninstall },
    scopes: SCOPES,
    modules: {
      'workflow-step-type': [
        {
          key: STEP_MODULE_KEY,
          name: 'CroQL Router',
          description: 'Sends each string to the output of the first CroQL rule it matches.',
          boundaries: {
            input: { title: 'Strings to route', ports: INPUT_PORTS },
            outputs: OUTPUTS.map((o) => ({ title: o.title, port: o.port })),
          },
          updateSettingsUrl: ROUTES.updateSettings,
          deleteSettingsUrl: ROUTES.deleteSettings,
          url: ROUTES.settingsPage,
          environments: ['crowdin-enterprise'],
        },
      ],
      webhook: [
        {
          key: WEBHOOK_MODULE_KEY,
          url: ROUTES.webhook,
          events: [STEP_EVENT],
          environments: ['crowdin-enterprise'],
        },
      ],
    },
  };
}

/** The step's logo: a router's fork, in the playground's blue. */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" role="img" aria-label="CroQL Router">
<rect width="48" height="48" rx="10" fill="#1d4ed8"/>
<path d="M10 24h10l8-10h10M20 24l8 10h10" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`;
