// A query as a crowdin-cli `--croql` argument, quoted for one shell. Pure: the playground's code export and the
// editor extensions' "Copy as crowdin-cli argument" read it; src/croql/cli-argument.test.ts runs real shells.
//
// Two layers of quoting. First what crowdin-cli itself must receive: its maintainers' answer on
// crowdin/crowdin-cli#450 (and again on #916, 2025) is that each `"` of the query reaches it as `\"`, or the
// quotes are lost before the request and a string turns into a name (`Identifier 'apply' is undefined`).
// Then the shell's own quoting, which must hand that value over byte for byte.

export type CliShell = 'posix' | 'powershell' | 'cmd';

export const CLI_SHELLS: readonly { id: CliShell; label: string }[] = [
  { id: 'posix', label: 'bash/zsh' },
  { id: 'powershell', label: 'PowerShell' },
  { id: 'cmd', label: 'cmd' },
];

export type CliArgument = { ok: true; text: string } | { ok: false; message: string };

/** The value crowdin-cli needs to receive for `query`: every `"` as `\"` (crowdin/crowdin-cli#450). */
export function crowdinCliValue(query: string): string {
  return query.replace(/"/g, '\\"');
}

/** The inverse of crowdinCliValue, as crowdin-cli reads its argument: what the service is sent. */
export function fromCrowdinCliValue(value: string): string {
  return value.replace(/\\"/g, '"');
}

/**
 * `--croql <query>` for `shell`, so that crowdin-cli receives crowdinCliValue(query) exactly:
 * - posix (bash, zsh, sh): single quotes, a `'` as `'\''`; nothing is special inside them, line breaks
 *   included (and `!` is not expanded inside single quotes by bash or zsh);
 * - powershell: a verbatim single-quoted string, a `'` as `''` (its one escape; `$`, backtick and `"` are
 *   plain there). PowerShell 7.3 and later hand it to a program as is; Windows PowerShell 5.1 does not
 *   escape the `"` it passes to a native program, which is the trap crowdin/crowdin-cli#916 reports;
 * - cmd: the Microsoft C runtime's quoting (what CommandLineToArgvW and the C runtime of the program parse),
 *   then every character cmd treats specially escaped with `^` (see cmdEscape). A line break cannot be passed through cmd: outside
 *   a string literal it is only whitespace and becomes a space; inside one the argument is refused.
 */
export function cliArgument(query: string, shell: CliShell): CliArgument {
  switch (shell) {
    case 'posix':
      return { ok: true, text: `--croql '${crowdinCliValue(query).replace(/'/g, `'\\''`)}'` };
    case 'powershell':
      return { ok: true, text: `--croql '${crowdinCliValue(query).replace(/['‘’‚‛]/g, (q) => q + q)}'` };
    case 'cmd': {
      const oneLine = joinLines(query);
      if (oneLine === null) {
        return {
          ok: false,
          message:
            'cmd cannot pass a line break inside a string literal; write it in bash, zsh or PowerShell, or remove the line break.',
        };
      }
      const text = `--croql ${cmdEscape(msvcrtQuote(crowdinCliValue(oneLine)))}`;
      if (text.length > CMD_LINE_LIMIT - 100) {
        return {
          ok: false,
          message: `The argument is ${text.length} characters once escaped for cmd, which takes a command line of ${CMD_LINE_LIMIT} at most; use PowerShell, or a shorter query.`,
        };
      }
      return { ok: true, text };
    }
  }
}

/** The query with each line break outside string and datetime literals made a space; null if one is inside. */
function joinLines(query: string): string | null {
  let out = '';
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < query.length; i++) {
    const c = query[i]!;
    if (quote) {
      if (c === '\n' || c === '\r') return null;
      if (c === '\\' && quote === '"' && i + 1 < query.length) {
        const next = query[i + 1]!;
        if (next === '\n' || next === '\r') return null;
        out += c + next;
        i++;
        continue;
      }
      if (c === quote) quote = null;
      out += c;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    out += c === '\n' || c === '\r' ? ' ' : c;
  }
  return out;
}

/**
 * One argument as the Microsoft C runtime parses a command line ("Parsing C command-line arguments"):
 * in double quotes; backslashes are literal unless a `"` follows, so a run of n backslashes before a `"`
 * (or before the closing quote) is written 2n, and a `"` inside as `\"`.
 */
export function msvcrtQuote(value: string): string {
  let out = '"';
  let slashes = 0;
  for (const c of value) {
    if (c === '\\') {
      slashes++;
      continue;
    }
    if (c === '"') out += '\\'.repeat(slashes * 2 + 1) + '"';
    else out += '\\'.repeat(slashes) + c;
    slashes = 0;
  }
  return out + '\\'.repeat(slashes * 2) + '"';
}

/**
 * cmd's caret escape for every character its parser acts on, so it never enters a quoted region. `%` and `:`
 * too: at the prompt `%NAME%` (and `%NAME:a=b%`) expand before carets are removed, and with a caret before
 * every `%` and `:` each name cmd could look up ends in `^`, which names no variable.
 */
function cmdEscape(line: string): string {
  return line.replace(/[\^&|<>()"%!:]/g, (c) => '^' + c);
}

/** The longest command line cmd accepts. */
export const CMD_LINE_LIMIT = 8191;
