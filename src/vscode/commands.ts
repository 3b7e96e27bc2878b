// What the extension's two commands make of the query under the cursor, as pure functions: the
// playground's permalink (src/permalink/codec.ts) and the `--croql` argument for crowdin-cli, quoted as the
// playground's code export quotes it (src/croql/cli-argument.ts).
import type { ListingName } from '../croql/types.ts';
import { permalinkUrl } from '../permalink/codec.ts';
import { cliArgument as quoted, type CliArgument, type CliShell } from '../croql/cli-argument.ts';
import type { ConnectionKind } from '../wire/connection.ts';

export interface QueryAt {
  text: string;
  listing: ListingName;
}

export interface LinkSettings {
  playgroundUrl: string;
  apiUrl: string;
  projectId: number | null;
  edition: 'standard' | 'enterprise';
}

/** The playground connection an API address stands for: the emulator on a loopback host, else the edition. */
function connectionOf(settings: LinkSettings): { connection: ConnectionKind; domain: string | null } {
  let host = '';
  try {
    host = new URL(settings.apiUrl).hostname;
  } catch {
    // A malformed address: the edition decides.
  }
  if (host === '127.0.0.1' || host === 'localhost' || host === '[::1]')
    return { connection: 'emulator', domain: null };
  const organization = /^([a-z0-9-]+)\.api\.crowdin\.com$/i.exec(host)?.[1];
  if (settings.edition === 'enterprise' || organization)
    return { connection: 'enterprise', domain: organization ?? null };
  return { connection: 'standard', domain: null };
}

/** The playground's link to `query` (a permalink: the query travels in the fragment, never to a server). */
export function playgroundLink(query: QueryAt, settings: LinkSettings): string {
  return permalinkUrl(settings.playgroundUrl.replace(/\/+$/, ''), {
    ...connectionOf(settings),
    projectId: settings.projectId,
    context: query.listing,
    listingId: null,
    text: query.text,
  });
}

/** The shell a terminal of this platform runs: PowerShell on Windows, else a POSIX shell (bash, zsh). */
export function platformShell(platform: string): CliShell {
  return platform === 'win32' ? 'powershell' : 'posix';
}

/** `--croql …` for `shell`, so that crowdin-cli receives the query as it needs it, or why it cannot. */
export function cliArgument(query: QueryAt, shell: CliShell): CliArgument {
  return quoted(query.text, shell);
}
