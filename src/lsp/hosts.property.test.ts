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
import type { Region } from './region.ts';
import { randomEdit } from './testing.ts';

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
          const { edited, expected } = randomEdit(line, region, a, b, insert.join('').replace(/\r/g, ''));
          return { line: edited, expected };
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
          // The writer may break `--croql` itself over two lines (`"… --cro\⏎ ql …"`): a file without the
          // word is not read for queries (host-yaml.ts).
          fc.pre(doc.includes('--croql'));
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
            fc.pre(doc.includes('--croql'));
            const region = yamlRegions(doc, 5).regions[0]!;
            const typed = insert.join('').replace(/\r/g, '');
            const { edited, expected } = randomEdit(doc, region, a, b, typed);
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

describe('CroQL as an item of a command written as a list (YAML, JSON), as the program gets it', () => {
  const STYLES = ['PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'] as const;
  const LISTS = ['flow', 'block'] as const;
  /** The query's characters, and the ones a YAML list or a plain scalar treats specially. */
  const itemQueries = fc
    .array(fc.constantFrom(...HARD, ',', '[', ']', '#', ': ', ' #', '-', '?'), { maxLength: 20 })
    .map((a) => a.join(''));
  /** A compose service whose command passes `query` to crowdin-cli: as the item after `--croql`, or in one. */
  const compose = (
    query: string,
    joined: boolean,
    style: (typeof STYLES)[number],
    list: (typeof LISTS)[number],
    width: number,
  ) =>
    stringifyYaml(
      {
        services: {
          cli: {
            command: ['crowdin', 'string', 'list', ...(joined ? [`--croql=${query}`] : ['--croql', query])],
            environment: ['A=1'],
          },
        },
      },
      { defaultStringType: style, defaultKeyType: 'PLAIN', lineWidth: width, collectionStyle: list },
    );
  interface Compose {
    services: { cli: { command: string[]; environment: string[] } };
  }
  const queryOf = (doc: string, joined: boolean) => {
    const item = (parseYaml(doc) as Compose).services.cli.command[joined ? 3 : 4]!;
    return joined ? item.slice('--croql='.length) : item;
  };
  /**
   * Whether the yaml package reads back what it wrote: not always (`--croql= #a⏎a` as a folded scalar
   * reads with a line break first), and then there is no query to compare with.
   */
  const readsBack = (doc: string, query: string, joined: boolean) =>
    (parseYaml(doc) as Compose).services.cli.command[joined ? 3 : 4] ===
    (joined ? `--croql=${query}` : query);

  for (const style of STYLES)
    for (const list of LISTS) {
      it(`reads the query of a ${style} item in a ${list} list as YAML reads it`, () => {
        fc.assert(
          fc.property(itemQueries, fc.boolean(), fc.integer({ min: 20, max: 80 }), (query, joined, width) => {
            const doc = compose(query, joined, style, list, width);
            // The writer may break `--croql` itself over two lines (`"--c\⏎ roql=…"`): a file without the
            // word is not read for queries (host-yaml.ts).
            fc.pre(doc.includes('--croql') && readsBack(doc, query, joined));
            expect(yamlRegions(doc, 5).regions.map((r) => r.text)).toEqual([queryOf(doc, joined)]);
          }),
          { numRuns: 150 },
        );
      });

      it(`writes an edit into a ${style} item of a ${list} list so that YAML reads the edited query`, () => {
        fc.assert(
          fc.property(
            itemQueries,
            fc.boolean(),
            fc.integer({ min: 20, max: 80 }),
            fc.nat(),
            fc.nat(),
            fc.array(fc.constantFrom(...HARD, ', ', ']', '#', ': ', ' #', '\n  and '), { maxLength: 4 }),
            (query, joined, width, a, b, insert) => {
              const doc = compose(query, joined, style, list, width);
              fc.pre(doc.includes('--croql') && readsBack(doc, query, joined));
              const region = yamlRegions(doc, 5).regions[0]!;
              const typed = insert.join('').replace(/\r/g, '');
              const { edited, expected } = randomEdit(doc, region, a, b, typed);
              expect(queryOf(edited, joined)).toBe(expected);
              expect(yamlRegions(edited, 5).regions.map((r) => r.text)).toEqual([expected]);
              // The rest of the file reads as before.
              const cli = (parseYaml(edited) as Compose).services.cli;
              expect(cli.command.slice(0, 3)).toEqual(['crowdin', 'string', 'list']);
              expect(cli.environment).toEqual(['A=1']);
            },
          ),
          { numRuns: 150 },
        );
      });
    }

  /** A VS Code tasks file: one task runs crowdin-cli with `query` as an argument, one through a shell. */
  const tasks = (query: string) =>
    JSON.stringify(
      {
        version: '2.0.0',
        tasks: [
          { label: 'hidden', command: 'crowdin', args: ['string', 'list', '--croql', query] },
          { label: 'shell', type: 'shell', command: "crowdin string list --croql 'is hidden'" },
        ],
      },
      null,
      2,
    );
  interface Tasks {
    tasks: [{ args: string[] }, { command: string }];
  }

  it('reads an argument and a shell command of a JSON file, and writes edits JSON reads', () => {
    fc.assert(
      fc.property(
        queries,
        fc.nat(),
        fc.nat(),
        fc.array(fc.constantFrom(...HARD), { maxLength: 4 }),
        (query, a, b, insert) => {
          const doc = tasks(query);
          const regions = yamlRegions(doc, 5, true).regions;
          expect(regions.map((r) => r.text)).toEqual([query, 'is hidden']);
          const { edited, expected } = randomEdit(doc, regions[0]!, a, b, insert.join(''));
          // JSON.parse throws on anything JSON does not take (a raw tab or line break in a string).
          const read = JSON.parse(edited) as Tasks;
          expect(read.tasks[0].args).toEqual(['string', 'list', '--croql', expected]);
          expect(read.tasks[1].command).toBe("crowdin string list --croql 'is hidden'");
          expect(yamlRegions(edited, 5, true).regions[0]?.text).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads past the comments of JSON with comments, and never a query in a comment', () => {
    const doc = [
      '{',
      '  // the strings no one sees: crowdin string list --croql "is hidden" ("quoted")',
      '  "args": ["string", "list", /* --croql "not me" */ "--croql", "not is hidden"],',
      '  "url": "https://x.test/a//b", /* a "quote */',
      '  "scripts": { "check": "crowdin string list --croql \\"text contains \\\\\\"a\\\\\\"\\"" }',
      '}',
    ].join('\n');
    const regions = yamlRegions(doc, 5, true).regions;
    expect(regions.map((r) => r.text)).toEqual(['not is hidden', 'text contains "a"']);
    expect(doc.slice(regions[0]!.start, regions[0]!.start + 13)).toBe('not is hidden');
  });
});
