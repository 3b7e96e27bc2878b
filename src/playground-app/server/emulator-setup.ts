// `npm run crowdin-app -- --emulator URL`: CroQL Playground ready against a local emulator in one command. It
// registers its OAuth app there with the manifest's scopes and, once listening, installs itself
// (src/app-server/emulator.ts) and says where to open it.
import type { CreateClientResponse } from '../../wire/apps.ts';
import { PLAYGROUND_APP_IDENTIFIER, PLAYGROUND_MODULES } from '../../wire/playground-app.ts';
import { emulatorClient, installInEmulator } from '../../app-server/emulator.ts';
import { SCOPES } from './manifest.ts';

export const OAUTH_APP_NAME = 'CroQL Playground';

/** The app's OAuth app at the emulator (the same name gives the same credentials after a restart). */
export function playgroundClient(base: string): Promise<CreateClientResponse> {
  return emulatorClient(base, OAUTH_APP_NAME, SCOPES);
}

/** Installs the app from its manifest and says where its pages open. */
export async function setUpInEmulator(
  base: string,
  manifestUrl: string,
  log: (m: string) => void,
  /** The playground's own address (npm run dev), where the Apps view is. */
  playground = 'http://localhost:5173',
): Promise<void> {
  const app = await installInEmulator(base, manifestUrl, PLAYGROUND_APP_IDENTIFIER);
  log(
    `Installed in the emulator at ${base} as "${app.appId}", for projects: ${app.projects === 'all' ? 'all' : app.projects.join(', ')}.`,
  );
  log(
    `Apps view: ${playground}/ (npm run dev; sign in to the emulator, then Apps in the header) lists it with ` +
      `its modules ${PLAYGROUND_MODULES.projectMenu.key} (project menu) and ${PLAYGROUND_MODULES.editorPanel.key} (editor panel).`,
  );
}
