// `npm run vscode` packs a .vsix a VS Code installs: the test builds it (as on a fresh clone) and reads the
// zip back, checking what VS Code reads first: the manifest's language, grammars, activation and entry.
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildVsix } from './build.ts';

/** The files of a zip archive, by name (the central directory, stored or deflated entries). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(data, data + size);
    files.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

interface Manifest {
  name: string;
  main: string;
  engines: { vscode: string };
  activationEvents: string[];
  contributes: {
    languages: { id: string; extensions: string[]; configuration: string }[];
    grammars: { language?: string; scopeName: string; path: string; injectTo?: string[] }[];
    snippets: { language: string; path: string }[];
    commands: { command: string; title: string }[];
  };
}

let files: Map<string, Buffer>;
let manifest: Manifest;
const file = (path: string) => files.get(`extension/${path.replace(/^\.\//, '')}`);

beforeAll(async () => {
  files = unzip(readFileSync(await buildVsix()));
  manifest = JSON.parse(file('package.json')!.toString()) as Manifest;
}, 120_000);

describe('the .vsix', () => {
  it('declares the CroQL language for .croql files, with its configuration in the package', () => {
    const [language] = manifest.contributes.languages;
    expect(language).toMatchObject({ id: 'croql', extensions: ['.croql'] });
    expect(JSON.parse(file(language!.configuration)!.toString()).brackets).toEqual([['(', ')']]);
  });

  it('ships the CroQL grammar and the injection grammar for JavaScript, TypeScript, YAML and shell', () => {
    const [own, injection] = manifest.contributes.grammars;
    expect(own).toMatchObject({ language: 'croql', scopeName: 'source.croql' });
    expect(JSON.parse(file(own!.path)!.toString()).scopeName).toBe('source.croql');
    expect(injection!.injectTo).toEqual(
      expect.arrayContaining(['source.ts', 'source.js', 'source.yaml', 'source.shell']),
    );
    const grammar = JSON.parse(file(injection!.path)!.toString()) as {
      scopeName: string;
      patterns: { contentName: string }[];
    };
    expect(grammar.scopeName).toBe('inline.croql');
    expect(grammar.patterns.map((p) => p.contentName)).toEqual([
      'meta.embedded.inline.croql',
      'meta.embedded.inline.croql',
    ]);
  });

  it('activates on CroQL and on the languages it finds CroQL in, and starts from files it contains', () => {
    expect(manifest.activationEvents).toEqual(
      expect.arrayContaining([
        'onLanguage:croql',
        'onLanguage:typescript',
        'onLanguage:python',
        'onLanguage:yaml',
        'onLanguage:json',
        'onLanguage:shellscript',
      ]),
    );
    expect(file(manifest.main)).toBeDefined();
    expect(file('server.js')).toBeDefined();
    expect(manifest.contributes.commands.map((c) => c.title)).toEqual([
      'Open in CroQL Playground',
      'Copy as crowdin-cli argument',
    ]);
  });

  it('has snippets for the documented query patterns, as numbered tab stops', () => {
    const snippets = JSON.parse(file(manifest.contributes.snippets[0]!.path)!.toString()) as Record<
      string,
      { body: string }
    >;
    const exactlyOne = snippets['source string: exactly one translation'];
    expect(exactlyOne?.body).toBe('count of translations = 1$0');
    expect(Object.values(snippets).some((s) => s.body.includes('@user:"${1:username}"'))).toBe(true);
  });
});
