// Debian's Neovim for the editor test (src/lsp/neovim.test.ts): the one on PATH, else installed with
// apt-get when we are root, as e2e/ensure-chromium.mjs does for Chromium. Returns the path, or null with a
// reason the test prints loudly.
import { execSync, spawnSync } from 'node:child_process';

const found = () => {
  const which = spawnSync('sh', ['-c', 'command -v nvim'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
};

export function ensureNeovim(): { nvim: string } | { nvim: null; reason: string } {
  const nvim = found();
  if (nvim) return { nvim };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    return {
      nvim: null,
      reason:
        'nvim is not on PATH and apt-get cannot run here (not root, or no apt-get): sudo apt-get install neovim',
    };
  }
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq neovim', {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch (error) {
    return {
      nvim: null,
      reason: `apt-get install neovim failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const installed = found();
  return installed
    ? { nvim: installed }
    : { nvim: null, reason: 'apt-get installed neovim, but nvim is not on PATH' };
}
