import { existsSync } from 'node:fs';

/** Debian's Chromium unless CHROMIUM_PATH points elsewhere; Playwright never downloads its own. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return '/usr/bin/chromium';
}
