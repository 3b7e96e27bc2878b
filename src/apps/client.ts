// The Apps view's requests to the emulator's control routes: the shared client (src/wire/apps-control.ts)
// over the browser's fetch, with the playground's words for an emulator that is gone.
import { ControlRequestError, controlClient } from '../wire/apps-control.ts';

export { ControlRequestError };

export const control = controlClient(
  (input, init) => fetch(input, init),
  (origin) =>
    `The emulator at ${origin} did not answer. Is it still running? Start it with \`npm run emulator\`, then try again.`,
);

/** What to tell the user about a failed request, in one sentence. */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
