// The `--croql` argument is checked by what a program receives through each shell. bash and zsh are the real
// shells, run interactively (history expansion on, as in a terminal) with the arguments on their standard input;
// the program is /usr/bin/printf, which writes back each argument it got. There is no cmd on this machine and
// no PowerShell in Debian: cmd is checked against Microsoft's documented rules (below), PowerShell not at all.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cliArgument,
  crowdinCliValue,
  fromCrowdinCliValue,
  msvcrtQuote,
  type CliShell,
} from './cli-argument.ts';
import { specQueries } from './corpus.ts';

const NASTY = [
  'identifier = "apply"',
  `text contains "it's" and context contains 'today'`,
  'text contains "$HOME `id` $(id) ${x}" and text contains "\\\\"',
  'text contains "!!" or text contains "!$" or text contains "!-1" or text contains "^!x"',
  'text contains "%PATH%" or text contains "%PATH:a=b%" or text contains "%%" or text contains "%"',
  'text contains "^ & | < > ( ) ; # * ? [ ] ~ {a,b}"',
  'text contains "\\"quoted\\"" and text contains "back\\\\"',
  'text contains "Ünïcödé — 日本語 😀 ‘smart’ “quotes”"',
  'text contains "a\\\\\\"b" and text contains "\\\\\\\\"',
  'is hidden\nand\tcount of translations > 0',
  'text contains "line\nbreak"',
  'text contains "\'" or text contains "\'\'" or text contains "\'\\\'\'"',
  '   leading and trailing spaces   ',
  '',
];

/** Runs `/usr/bin/printf` through `shell` once per argument; returns the argv each run received. */
function throughShell(shell: 'bash' | 'zsh', argumentsText: string[]): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'croql-cli-'));
  try {
    const out = join(dir, 'out');
    const script = [
      `PS1=''; PS2=''`,
      // One line of base64 per run: the arguments, each ended by NUL, whatever bytes they hold.
      ...argumentsText.map((a) => `/usr/bin/printf '%s\\0' ${a} | base64 -w0 >> '${out}'; echo >> '${out}'`),
      'exit',
      '',
    ].join('\n');
    const args = shell === 'bash' ? ['--norc', '--noprofile', '--noediting', '-i'] : ['-f', '-i'];
    const result = spawnSync(shell, args, {
      input: script,
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    });
    expect(result.status, result.stderr).toBe(0);
    return readFileSync(out, 'utf8')
      .split('\n')
      .slice(0, -1)
      .map((line) => Buffer.from(line, 'base64').toString('utf8').split('\0').slice(0, -1));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const have = (shell: string) => spawnSync(shell, ['-c', 'true']).status === 0;

describe('cliArgument for bash and zsh', { timeout: 60_000 }, () => {
  for (const shell of ['bash', 'zsh'] as const) {
    it.runIf(shell === 'bash' || have(shell))(
      `${shell} hands crowdin-cli exactly the value it needs, for quotes, $, backticks, !, %, ^, unicode and line breaks`,
      () => {
        const queries = [...NASTY, ...specQueries.map((q) => q.text)];
        const runs = throughShell(
          shell,
          queries.map((q) => (cliArgument(q, 'posix') as { text: string }).text),
        );
        expect(runs).toEqual(queries.map((q) => ['--croql', crowdinCliValue(q)]));
        for (const [i, run] of runs.entries()) expect(fromCrowdinCliValue(run[1]!)).toBe(queries[i]);
      },
    );
  }

  it('bash: any text without NUL (fast-check)', () => {
    const texts = fc.sample(
      fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !s.includes('\0')),
      {
        numRuns: 80,
        seed: 32,
      },
    );
    const runs = throughShell(
      'bash',
      texts.map((q) => (cliArgument(q, 'posix') as { text: string }).text),
    );
    expect(runs).toEqual(texts.map((q) => ['--croql', crowdinCliValue(q)]));
  });
});

describe('crowdin-cli value (crowdin/crowdin-cli#450)', () => {
  it('escapes each double quote with a backslash, as crowdin-cli needs', () => {
    expect(crowdinCliValue('identifier = "apply"')).toBe('identifier = \\"apply\\"');
    expect(cliArgument('identifier = "apply"', 'posix')).toEqual({
      ok: true,
      text: `--croql 'identifier = \\"apply\\"'`,
    });
  });

  it('PowerShell: a verbatim single-quoted string, its quotes (straight and typographic) doubled', () => {
    expect(cliArgument(`text contains "it's $x \`n"`, 'powershell')).toEqual({
      ok: true,
      text: `--croql 'text contains \\"it''s $x \`n\\"'`,
    });
    expect(cliArgument('text contains "‘a’"', 'powershell')).toEqual({
      ok: true,
      text: `--croql 'text contains \\"‘‘a’’\\"'`,
    });
  });
});

// ——— cmd, by Microsoft's documented rules ———
// cmd.exe at the prompt: (1) `%NAME%` is replaced by the variable NAME if it is defined (also `%NAME:a=b%`,
// `%NAME:~1%`), else left as it is; (2) outside a quoted region `^x` is x, `"` starts or ends a quoted region,
// and `& | < > ( )` outside one are cmd's own operators. The program then gets the rest of the line and splits
// it as the Microsoft C runtime does (CommandLineToArgvW, "Parsing C command-line arguments"): whitespace
// outside quotes separates; 2n backslashes and `"` are n backslashes and a quote that opens or closes; 2n+1
// backslashes and `"` are n backslashes and a literal `"`; other backslashes are literal; `""` inside quotes
// is a literal `"`.

function cmdPercent(line: string, env: Map<string, string>): string {
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const close = line[i] === '%' ? line.indexOf('%', i + 1) : -1;
    if (close > i) {
      const name = line.slice(i + 1, close);
      const variable = name.split(':')[0]!.toUpperCase();
      if (env.has(variable)) {
        out += `<expanded ${variable}>`;
        i = close;
        continue;
      }
    }
    // Undefined: the `%` stays, and the scan goes on at the next character (the harshest reading).
    out += line[i];
  }
  return out;
}

function cmdCarets(line: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '^') {
      out += line[++i] ?? '';
      continue;
    } else if (!quoted && '&|<>()'.includes(c)) throw new Error(`cmd would act on \`${c}\` at ${i}`);
    out += c;
  }
  return out;
}

function commandLineToArgv(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let inArg = false;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\') {
      let n = 0;
      while (line[i] === '\\') {
        n++;
        i++;
      }
      if (line[i] === '"') {
        current += '\\'.repeat(Math.floor(n / 2));
        if (n % 2) current += '"';
        else quoted = !quoted;
      } else {
        current += '\\'.repeat(n);
        i--;
      }
      inArg = true;
    } else if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        current += '"';
        i++;
      } else quoted = !quoted;
      inArg = true;
    } else if (!quoted && (c === ' ' || c === '\t')) {
      if (inArg) args.push(current);
      current = '';
      inArg = false;
    } else {
      current += c;
      inArg = true;
    }
  }
  if (inArg) args.push(current);
  return args;
}

function throughCmd(argument: string, query: string): string[] {
  // Every word of the query (and a few usual names) is a defined variable, so any expansion would show.
  const env = new Map(
    [...(query.match(/[A-Za-z_]\w*/g) ?? []), 'PATH', 'HOME', 'A', 'X'].map((w) => [w.toUpperCase(), 'x']),
  );
  return commandLineToArgv(cmdCarets(cmdPercent(argument, env)));
}

describe('cliArgument for cmd (by the documented rules; no cmd here)', () => {
  const oneLine = (q: string) => q.replace(/[\r\n]/g, ' ');

  it('the C runtime quoting round-trips backslashes and quotes', () => {
    for (const v of ['a', 'a b', 'a\\', 'a\\\\"b', '"', '\\"', 'x\\ y\\\\', ''])
      expect(commandLineToArgv(msvcrtQuote(v))).toEqual([v]);
  });

  it('hands crowdin-cli exactly the value it needs for the nasty queries and the spec corpus', () => {
    for (const q of [
      ...NASTY.filter((q) => q !== 'text contains "line\nbreak"'),
      ...specQueries.map((s) => s.text),
    ]) {
      const argument = cliArgument(q, 'cmd');
      if (!argument.ok) throw new Error(argument.message);
      expect(throughCmd(argument.text, q), argument.text).toEqual(['--croql', crowdinCliValue(oneLine(q))]);
    }
  });

  it('any text without line breaks or NUL (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 60 }).filter((s) => !/[\0\r\n]/.test(s)),
        (q) => {
          const argument = cliArgument(q, 'cmd');
          if (!argument.ok) throw new Error(argument.message);
          expect(throughCmd(argument.text, q)).toEqual(['--croql', crowdinCliValue(q)]);
        },
      ),
      { seed: 32, numRuns: 500 },
    );
  });

  it('a line break between clauses becomes a space; one inside a string is refused with what to do', () => {
    const joined = cliArgument('is hidden\nand text contains "a"', 'cmd');
    expect(joined.ok && throughCmd(joined.text, '')).toEqual([
      '--croql',
      'is hidden and text contains \\"a\\"',
    ]);
    const refused = cliArgument('text contains "line\nbreak"', 'cmd');
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining('line break') });
  });
});

const shells: CliShell[] = ['posix', 'powershell', 'cmd'];
describe('every shell', () => {
  it('starts with the --croql option crowdin-cli takes', () => {
    for (const s of shells)
      expect((cliArgument('is hidden', s) as { text: string }).text).toMatch(/^--croql /);
  });
});
