// Runs once before the unit tests: the fresh embedded cluster the router's stores start from
// (testing.ts beside this file).
import { ensureEmbeddedTemplate } from './testing.ts';

export async function setup(): Promise<void> {
  await ensureEmbeddedTemplate();
}
