import { existsSync } from 'node:fs';

/** Debian's Chromium unless CHROMIUM_PATH points elsewhere; Playwright never downloads its own. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return '/usr/bin/chromium';
}

/** Flags for a headless run in a container: no sandbox (no user namespaces), no GPU, no background traffic. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
