// The language server reads a query out of a JavaScript literal, a shell word or a URL, and writes
// completions, quick fixes and formatting back into it (host-js.ts, host-shell.ts, host-url.ts). Both
// directions are checked against the real readers of that text: JavaScript itself (a strict-mode script,
// as modules are), bash (run once per batch of command lines), the WHATWG URL parser, and for a workflow's
// `run:` step the `yaml` package's reading of the scalar before bash's.
import { execFileSync } from 'node:child_process';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsRegions } from './host-js.ts';
import { shellRegions } from './host-shell.ts';
import { urlRegions } from './host-url.ts';
import { yamlRegions } from './host-yaml.ts';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { hostEdit, type Region } from './region.ts';

/** Characters that escaping, quoting and line endings treat specially, and ones outside the BMP. */
const HARD = [
  'a',
  ' ',
  '"',
  "'",
  '`',
  '\\',
  '$',
  '{',
  '}',
  '\n',
  '\r',
  '\t',
  '\u2028',
  'é',
  '😀',
  '1',
  'x',
  'u',
];
const queries = fc.array(fc.constantFrom(...HARD), { maxLength: 24 }).map((a) => a.join(''));

/** What JavaScript reads from a literal in a module (strict mode), run in a fresh V8 context of Node's. */
function jsReads(literal: string): string | null {
  try {
    return runInNewContext(`"use strict"; ${literal}`) as string;
  } catch {
    return null; // not a literal JavaScript accepts
  }
}

function jsRegion(quote: string, written: string): Region | undefined {
  const source = `await client.sourceStringsApi.listProjectStrings(1, { croql: ${quote}${written}${quote} });`;
  return jsRegions(source, 5).regions[0];
}

describe('CroQL in a JavaScript literal', () => {
  for (const quote of ["'", '"', '`']) {
    it(`a query written back into ${quote}…${quote} is the query JavaScript reads, and the one the server reads`, () => {
      const encode = jsRegion(quote, 'x')!.encode;
      fc.assert(
        fc.property(queries, (query) => {
          const written = encode(query);
          expect(jsReads(`${quote}${written}${quote}`)).toBe(query);
          expect(jsRegion(quote, written)?.text).toBe(query);
        }),
        { numRuns: 500 },
      );
    });

    it(`a ${quote}…${quote} literal written by hand reads as JavaScript reads it`, () => {
      const pieces = [
        'a',
        ' ',
        '\r',
        '\r\n',
        '\\\r\n',
        '\\\n',
        '\\n',
        '\\t',
        '\\x41',
        '\\u0041',
        '\\u{1F600}',
      ];
      pieces.push('\\\\', "\\'", '\\"', '\\`', '\\$', '$', '{', 'é', '😀', '\u2028');
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 16 }), (parts) => {
          const written = parts.join('');
          const js = jsReads(`${quote}${written}${quote}`);
          fc.pre(js !== null);
          expect(jsRegion(quote, written)?.text).toBe(js);
        }),
        { numRuns: 500 },
      );
    });
  }

  it('a template written with Windows line endings reads as \\n, each break at its \\r', () => {
    const source = 'api.listProjectStrings(1, { croql: `is hidden\r\n  and not is duplicate` })';
    const region = jsRegions(source, 1).regions[0]!;
    expect(region.text).toBe('is hidden\n  and not is duplicate');
    const breakAt = region.text.indexOf('\n');
    expect(source.slice(region.map![breakAt], region.map![breakAt + 1])).toBe('\r\n');
    expect(source.slice(region.map![breakAt + 1]).startsWith('  and')).toBe(true);
  });
});

/** The argument after `--croql` that bash passes to a program, for each command line. */
function bashArguments(lines: readonly string[]): string[] {
  const script = lines.map((line) => `printf '%s\\0' ${line.slice(line.indexOf('--croql') + 8)}`);
  const out = execFileSync('bash', ['--norc', '--noprofile', '-c', script.join('\n')], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('CroQL in a --croql argument, as bash reads it', () => {
  const shellQueries = fc.array(
    fc.constantFrom(...HARD, '*', '(', ')', '#', '!', '~', '%', '&', ';', '|', '<', '>'),
    {
      minLength: 1,
      maxLength: 16,
    },
  );

  for (const [name, open] of [
    ['single-quoted', "'"],
    ['double-quoted', '"'],
    ['bare', ''],
  ] as const) {
    it(`a query written back into a ${name} word reaches the program unchanged`, () => {
      const encode = shellRegions(`crowdin string list --croql ${open}x${open}`, 1).regions[0]!.encode;
      // Carriage returns aside: a script's lines end at \n, and a bare \r is kept by every quoting alike.
      const sample = fc.sample(
        shellQueries.map((q) => q.join('').replace(/\r/g, '')),
        300,
      );
      const lines = sample.map((q) => `crowdin string list --croql ${open}${encode(q)}${open}`);
      expect(bashArguments(lines)).toEqual(sample);
    });
  }

  it('an edit of a word quoted in pieces, anywhere in it, is what bash then passes', () => {
    const pieces = [
      'a',
      '"b c"',
      "'d e'",
      '\\ ',
      '\\"',
      '"\\""',
      "'\\'",
      '"\\$"',
      'é',
      '"a\\\nb"',
      "'x'\\''y'",
      "''",
      '""',
    ];
    const cases = fc.sample(
      fc
        .tuple(
          fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 5 }),
          fc.nat(),
          fc.nat(),
          fc.array(fc.constantFrom(...HARD, '*', '#', ';'), { maxLength: 6 }),
        )
        .map(([word, a, b, insert]) => {
          const line = `crowdin string list --croql ${word.join('')} --plain`;
          const region = shellRegions(line, 1).regions[0]!;
          const n = region.text.length;
          const [from, to] = [a % (n + 1), b % (n + 1)].sort((x, y) => x - y) as [number, number];
          const typed = insert.join('').replace(/\r/g, '');
          const edit = hostEdit(region, from, to, typed);
          return {
            line: line.slice(0, edit.from) + edit.text + line.slice(edit.to),
            expected: region.text.slice(0, from) + typed + region.text.slice(to),
          };
        }),
      300,
    );
    // The word after the edit, and the next argument still where it was.
    const passed = bashArguments(cases.map((c) => c.line.replace(/ --plain$/, '')));
    expect(passed).toEqual(cases.map((c) => c.expected));
    expect(cases.every((c) => c.line.endsWith(' --plain'))).toBe(true);
  });

  it('a word written by hand, quoted in pieces, decodes to what bash passes', () => {
    const pieces = ['a', '"b c"', "'d e'", '\\ ', '\\"', '"\\""', '"\\\\"', '"\\x"', "'\\'", '\\\n'];
    pieces.push('"a\\\nb"', '"$"', '\\$', 'é', '"😀"', '=', '"\\$"', '"\\`"', "'\n'");
    const words = fc.sample(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 6 }), 300);
    const lines = words.map((w) => `crowdin string list --croql ${w.join('')}`);
    const passed = bashArguments(lines);
    expect(lines.map((line) => shellRegions(line, 1).regions[0]?.text)).toEqual(passed);
  });
});

describe('CroQL in a URL, as a URL parser reads it', () => {
  const API = 'https://api.crowdin.com/api/v2/projects/1/strings';
  const serverReads = (url: string) => new URL(url).searchParams.get('croql');

  it('a query written back into the URL is read whole, wherever the URL is quoted', () => {
    const encode = urlRegions(`${API}?croql=x`, 1).regions[0]!.encode;
    const hard = [...HARD, '+', '%', '&', '#', '=', '?', '(', ')', '!', '*', '日'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...hard), { maxLength: 20 }), (chars) => {
        const query = chars.join('');
        const url = `${API}?croql=${encode(query)}&limit=10`;
        expect(serverReads(url)).toBe(query);
        for (const quote of ["'", '"', '`', ''])
          expect(urlRegions(`fetch(${quote}${url}${quote});`, 1).regions[0]?.text).toBe(query);
      }),
      { numRuns: 500 },
    );
  });

  it('a value written by hand reads as the URL parser reads it, bytes that are not UTF-8 included', () => {
    const pieces = ['a', '+', '%20', '%2B', '%C3%A9', '%F0%9F%98%80', 'é', '%25', '%', '%Z1', '%e9'];
    pieces.push('%C3', '%E2%82', '%FF', '%80', '(', '*', '%27');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 10 }), (parts) => {
        const url = `${API}?croql=${parts.join('')}&limit=1`;
        expect(urlRegions(url, 1).regions[0]?.text).toBe(serverReads(url));
      }),
      { numRuns: 500 },
    );
  });

  it('each character maps to the %XX its bytes start at, a broken sequence to its first byte', () => {
    const url = `${API}?croql=%C3%A9a%E2%82b%F0%9F%98%80`;
    const region = urlRegions(url, 1).regions[0]!;
    expect(region.text).toBe('éa\ufffdb😀');
    const at = (i: number) => url.slice(region.map![i]);
    expect([0, 1, 2, 3, 4].map((i) => at(i).slice(0, 3))).toEqual(['%C3', 'a%E', '%E2', 'b%F', '%F0']);
    expect(region.map![6]).toBe(url.length);
  });
});

describe('CroQL in a YAML workflow, as YAML and then bash read it', () => {
  const STYLES = ['PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'] as const;
  /** A step whose `run:` is `command`, written by the yaml package in `style`, folded at a narrow width. */
  const workflow = (command: string, style: (typeof STYLES)[number], width: number) =>
    stringifyYaml(
      { jobs: { sync: { steps: [{ name: 'strings', run: command }, { run: "echo 'done'" }] } } },
      { defaultStringType: style, defaultKeyType: 'PLAIN', lineWidth: width },
    );
  interface Workflow {
    jobs: { sync: { steps: { run: string }[] } };
  }
  const stepsOf = (doc: string) => (parseYaml(doc) as Workflow).jobs.sync.steps;
  const runOf = (doc: string) => stepsOf(doc)[0]!.run;
  const words = ['a', '"b c"', "'d e'", '\\ ', '"\\""', "'x'\\''y'", 'é', '"😀"', "'  '", '#', ':', "''"];
  const lineParts = [' ', '  ', '\t', ' #', ': ', '\n', '\n\n', '\\', '"', "'"];
  const commands = fc
    .tuple(
      fc.array(fc.constantFrom(...lineParts, 'x', 'crowdin'), { maxLength: 4 }),
      fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 5 }),
      fc.array(fc.constantFrom(...lineParts, 'y', '--plain'), { maxLength: 4 }),
    )
    .map(([before, word, after]) => `crowdin${before.join('')} --croql ${word.join('')} ${after.join('')}`);

  for (const style of STYLES) {
    it(`a ${style} run: scalar decodes to the query bash gets from the value YAML reads`, () => {
      fc.assert(
        fc.property(commands, fc.integer({ min: 20, max: 80 }), (command, width) => {
          const doc = workflow(command, style, width);
          const value = runOf(doc);
          expect(yamlRegions(doc, 5).regions.map((r) => r.text)).toEqual(
            shellRegions(value, 5).regions.map((r) => r.text),
          );
        }),
        { numRuns: 300 },
      );
    });

    it(`an edit anywhere in a query in a ${style} run: scalar is what YAML and bash then read`, () => {
      fc.assert(
        fc.property(
          commands,
          fc.integer({ min: 20, max: 80 }),
          fc.nat(),
          fc.nat(),
          fc.array(fc.constantFrom(...HARD, '#', ':', ' #', ': ', '\n  and '), { maxLength: 5 }),
          (command, width, a, b, insert) => {
            const doc = workflow(command, style, width);
            const region = yamlRegions(doc, 5).regions[0]!;
            const n = region.text.length;
            const typed = insert.join('').replace(/\r/g, '');
            const [from, to] = [a % (n + 1), b % (n + 1)].sort((x, y) => x - y) as [number, number];
            const edit = hostEdit(region, from, to, typed);
            const edited = doc.slice(0, edit.from) + edit.text + doc.slice(edit.to);
            const expected = region.text.slice(0, from) + typed + region.text.slice(to);
            // An emptied bare word is no word (bash passes the next one): not an edit to check here.
            fc.pre(expected !== '');
            expect(shellRegions(runOf(edited), 5).regions[0]?.text).toBe(expected);
            expect(yamlRegions(edited, 5).regions[0]?.text).toBe(expected);
            // The rest of the workflow reads as before.
            expect(stepsOf(edited)[1]!.run).toBe("echo 'done'");
          },
        ),
        { numRuns: 300 },
      );
    });
  }

  it('a scalar written by hand (escapes, folded lines, chomping, indentation) reads as YAML reads it', () => {
    const line = '\n      ';
    const flow = {
      double: [
        'a',
        ' ',
        '\\t',
        '\\x41',
        '\\u00e9',
        '\\U0001F600',
        '\\\\',
        '\\"',
        line,
        `\n${line}`,
        `\\${line}`,
      ],
      single: ['a', ' ', "''", '"', line, `\n${line}`, `  ${line}`, 'é', '\\'],
      plain: ['a', ' ', '"', line, `\n${line}`, `  ${line}`, 'é', "'", '\\'],
    };
    const scalars = fc.oneof(
      fc
        .array(fc.constantFrom(...flow.double), { maxLength: 8 })
        .map((p) => `"crowdin --croql '${p.join('')}x' --plain"`),
      fc
        .array(fc.constantFrom(...flow.single), { maxLength: 8 })
        .map((p) => `'crowdin --croql "${p.join('')}x" --plain'`),
      fc
        .array(fc.constantFrom(...flow.plain), { maxLength: 8 })
        .map((p) => `crowdin --croql "${p.join('')}x" --plain`),
      fc
        .tuple(
          fc.constantFrom('|', '>', '|-', '>-', '|+', '>+', '|2', '>2-'),
          fc.array(fc.constantFrom('a b', '  more', '', '\tc', 'é'), { maxLength: 6 }),
          fc.constantFrom('', '\n', '\n\n'),
        )
        .map(([header, lines, tail]) => {
          const body = ["crowdin --croql 'q", ...lines, "x' --plain"];
          return `${header}\n${body.map((l) => (l === '' ? '' : `      ${l}`)).join('\n')}${tail}`;
        }),
    );
    fc.assert(
      fc.property(scalars, (scalar) => {
        // An escaped break before an empty line: the YAML spec (and PyYAML) read a line feed, the yaml
        // package a space; host-yaml.ts reads the spec's.
        fc.pre(!/\\\n[ \t]*\n/.test(scalar));
        const doc = `jobs:\n  sync:\n    steps:\n    - run: ${scalar}\n    - run: echo 'done'\n`;
        let value: string;
        try {
          value = (parseYaml(doc) as Workflow).jobs.sync.steps[0]!.run;
        } catch {
          return fc.pre(false); // not YAML: nothing to compare
        }
        expect(yamlRegions(doc, 5).regions.map((r) => r.text)).toEqual(
          shellRegions(value, 5).regions.map((r) => r.text),
        );
      }),
      { numRuns: 600 },
    );
  });

  it('each character of a query in a double-quoted scalar maps to its escape', () => {
    const doc = 'steps:\n  - run: "crowdin --croql \'say \\"hi\\" \\u00e9\'"\n';
    const region = yamlRegions(doc, 5).regions[0]!;
    expect(region.text).toBe('say "hi" é');
    const at = (i: number) => doc.slice(region.map![i], region.map![i + 1]);
    expect([at(4), at(9)]).toEqual(['\\"', '\\u00e9']);
  });
});
