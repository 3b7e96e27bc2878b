// Runs once before the unit tests: the fresh embedded cluster the router's stores start from
// (src/router/server/store/testing.ts).
import { ensureEmbeddedTemplate } from '../router/server/store/testing.ts';

export async function setup(): Promise<void> {
  await ensureEmbeddedTemplate();
}
