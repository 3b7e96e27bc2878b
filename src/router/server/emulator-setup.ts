// `npm run router -- --emulator URL`: CroQL Router ready against a local emulator in one command. It registers
// its OAuth app there and once listening installs itself (src/app-server/emulator.ts), adds its step to
// project 1 unless one is there, and saves starter rules when the step has none.
import type { CreateClientResponse, StepInfo } from '../../wire/apps.ts';
import { APPS_PATHS, APPS_ROUTES } from '../../wire/apps-routes.ts';
import {
  emulatorCall,
  emulatorClient as sharedClient,
  emulatorOverview,
  installInEmulator,
} from '../../app-server/emulator.ts';
import type { RouterSettings } from '../settings.ts';
import { SCOPES, STEP_MODULE_KEY } from './manifest.ts';

/** Rules to start from: the "labelled legal", and one the delivery cannot answer. */
export const STARTER_SETTINGS: RouterSettings = {
  rules: [
    { query: 'count of labels where (title = "legal") > 0', output: 'true' },
    { query: 'count of comments where (has unresolved issue) > 0', output: 'true' },
  ],
  default: 'false',
};

/** The router's OAuth app at the emulator. */
export function emulatorClient(base: string): Promise<CreateClientResponse> {
  return sharedClient(base, 'CroQL Router', SCOPES);
}

/**
 * Installs the router from its manifest, adds its step to project 1 if none, and saves starter rules as the
 * workflow editor's Save does (the emulator calls the router's settings callback).
 */
export async function setUpInEmulator(
  base: string,
  /** The router's manifest, and the identifier it gives. */
  manifestUrl: string,
  identifier: string,
  log: (m: string) => void,
): Promise<void> {
  const before = await emulatorOverview(base);
  if (before.settings.edition !== 'crowdin-enterprise') {
    throw new Error(
      'Workflow steps are Crowdin Enterprise only: start the emulator with --organization acme.',
    );
  }
  // Reinstalled from this very manifest (the router restarted on its port), it keeps its step.
  const current = await installInEmulator(base, manifestUrl, identifier, before);
  const appId = current.appId;
  let step: StepInfo | undefined = current.steps.find((s) => s.active && s.projectId === 1);
  if (!step) {
    step = await emulatorCall(base, APPS_ROUTES.addStep, {
      params: [appId],
      body: { projectId: 1, moduleKey: STEP_MODULE_KEY },
    });
  }
  if (step.settings === null) {
    await emulatorCall(base, APPS_ROUTES.saveSettings, {
      params: [appId, step.id],
      body: { settings: STARTER_SETTINGS },
    });
    log(`Step ${step.id} starts with two rules: labelled "legal", or with an unresolved issue → Matched.`);
  }
  log(
    `Installed in the emulator; step ${step.id} of project 1 routes ${step.languages.join(', ')}. Send it strings:`,
  );
  log(
    `  curl -H 'Content-Type: application/json' -d '{"croql": "count of labels > 0"}' ${base}${APPS_PATHS.send(step.id)}`,
  );
}
