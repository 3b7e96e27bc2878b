// How the project's command lines (`npm run emulator`, `npm run router`) word a mistake in their options:
// one line naming the option, then where the options are listed. node:util's parseArgs throws for it; the
// caller prints this and exits 2 instead of a stack trace.

/** The line for a parseArgs error (`ERR_PARSE_ARGS_*`), or null for any other error. */
export function argsProblem(e: unknown, help: string): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_')) return null;
  const message = e instanceof Error ? e.message : String(e);
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  const first = unknown ? `Unknown option ${unknown[1]}.` : message.split('. ')[0]!.replace(/\.?$/, '.');
  return `${first} Run \`${help}\` for the options.`;
}
