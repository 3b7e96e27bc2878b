// The extension's commands: the link opens the same query in the playground, and the argument reaches
// crowdin-cli unchanged through bash.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { decodePermalink } from '../permalink/codec.ts';
import { fromCrowdinCliValue } from '../croql/cli-argument.ts';
import { cliArgument, platformShell, playgroundLink } from './commands.ts';

const query = {
  text: `text contains "it's" and identifier = "a\\"b" and text contains "$HOME"`,
  listing: 'translations' as const,
};

describe('Open in CroQL Playground', () => {
  it('links the query, its listing and project, on the connection the API address names', () => {
    const link = playgroundLink(query, {
      playgroundUrl: 'http://127.0.0.1:5173/',
      apiUrl: 'http://127.0.0.1:8787/api/v2',
      projectId: 1,
      edition: 'standard',
    });
    expect(link.startsWith('http://127.0.0.1:5173/#v1/')).toBe(true);
    const decoded = decodePermalink(new URL(link).hash);
    expect(decoded).toMatchObject({
      status: 'ok',
      link: { connection: 'emulator', projectId: 1, context: 'translations', text: query.text },
    });
    const enterprise = playgroundLink(query, {
      playgroundUrl: 'http://127.0.0.1:5173',
      apiUrl: 'https://acme.api.crowdin.com/api/v2',
      projectId: null,
      edition: 'standard',
    });
    expect(decodePermalink(new URL(enterprise).hash)).toMatchObject({
      link: { connection: 'enterprise', domain: 'acme' },
    });
  });
});

describe('Copy as crowdin-cli argument', () => {
  it("is the code export's argument for the platform's shell, which crowdin-cli reads back as the query", () => {
    expect(platformShell('linux')).toBe('posix');
    expect(platformShell('win32')).toBe('powershell');
    const argument = cliArgument(query, 'posix');
    if (!argument.ok) throw new Error(argument.message);
    const received = execFileSync('bash', ['-c', `printf '%s\\n' ${argument.text}`])
      .toString()
      .split('\n');
    expect(received[0]).toBe('--croql');
    expect(fromCrowdinCliValue(received[1]!)).toBe(query.text);
  });
});
