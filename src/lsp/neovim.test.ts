// A real editor no one here wrote: Debian's Neovim, headless, configured with exactly the Lua block of
// README.md ("Editors", "Neovim"), opens a .croql file or a YAML workflow; a script inside it waits for the
// server's diagnostics, asks for a completion through Neovim's own client and writes what it got as JSON.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureNeovim } from './ensure-neovim.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const neovim = ensureNeovim();
if (neovim.nvim === null) {
  console.warn(`\n*** SKIPPED the Neovim test: ${neovim.reason} ***\n`);
}

/** The README's Neovim set-up, the one Lua block of its "### Neovim" part. */
function readmeConfig(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const part = readme.slice(readme.indexOf('### Neovim'));
  const block = /```lua\n([\s\S]*?)```/.exec(part);
  if (!block) throw new Error('README.md has no ```lua block under "### Neovim"');
  return block[1]!;
}

/** Runs in Neovim after the file opens: everything it saw, as JSON in `out`. Each wait is for a condition. */
const SCRIPT = (out: string) => `
local ok = vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(diagnostics, { lnum = d.lnum, col = d.col, end_col = d.end_col, message = d.message, code = d.code })
end
local line = vim.api.nvim_buf_line_count(0) - 1
local text = vim.api.nvim_buf_get_lines(0, line, line + 1, false)[1]
local params = { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = line, character = #text } }
local answers = vim.lsp.buf_request_sync(0, 'textDocument/completion', params, 60000) or {}
local labels = {}
for _, answer in pairs(answers) do
  local items = answer.result and (answer.result.items or answer.result) or {}
  for _, item in ipairs(items) do table.insert(labels, item.label) end
end
local f = io.open('${out}', 'w')
f:write(vim.fn.json_encode({ waited = ok, diagnostics = diagnostics, labels = labels }))
f:close()
vim.cmd('qa!')
`;

const dir = mkdtempSync(join(tmpdir(), 'croql-nvim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Seen {
  waited: boolean;
  diagnostics: { lnum: number; col: number; end_col: number; message: string; code: string }[];
  labels: string[];
}

/** Opens `name` (holding `text`) in Neovim set up as the README says, and returns what it saw. */
async function openInNeovim(name: string, text: string): Promise<Seen> {
  const run = mkdtempSync(join(dir, 'run-'));
  // croql-language-server on PATH, as `npm link` puts it there.
  const bin = join(run, 'bin');
  mkdirSync(bin);
  symlinkSync(join(root, 'src', 'lsp', 'bin.mjs'), join(bin, 'croql-language-server'));
  writeFileSync(join(run, 'init.lua'), readmeConfig());
  const out = join(run, 'out.json');
  writeFileSync(join(run, 'test.lua'), SCRIPT(out));
  const file = join(run, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);

  let stderr = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      neovim.nvim!,
      [
        '--headless',
        '-n',
        '-i',
        'NONE',
        '-u',
        join(run, 'init.lua'),
        file,
        '-c',
        `luafile ${join(run, 'test.lua')}`,
      ],
      {
        cwd: run,
        env: {
          ...process.env,
          PATH: `${bin}:${process.env.PATH}`,
          HOME: run,
          XDG_CONFIG_HOME: run,
          XDG_STATE_HOME: run,
          XDG_DATA_HOME: run,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  expect(code, stderr).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8')) as Seen;
}

describe.skipIf(!neovim.nvim)('Neovim with the README set-up', () => {
  it('shows the diagnostics of a .croql file and completes in it', async () => {
    const seen = await openInNeovim('untranslated.translations.croql', 'is hiden and\nplural fo');
    expect(seen.waited).toBe(true);
    // `is hiden` is not a field of a translation; the server's range and code reach Neovim as sent.
    const hiden = seen.diagnostics.find((d) => d.message.includes('is hiden'));
    expect(hiden).toMatchObject({ lnum: 0, col: 0, end_col: 8, code: 'croqlInvalidLogic' });
    expect(seen.labels).toContain('plural form');
  }, 180_000);

  it('shows the diagnostics of the CroQL in a YAML workflow (a file type of its own)', async () => {
    const workflow = ['steps:', '  - run: crowdin string list --croql \'is hidden and contex = "x"\''].join(
      '\n',
    );
    const seen = await openInNeovim('.github/workflows/strings.yml', workflow);
    expect(seen.waited).toBe(true);
    const contex = seen.diagnostics.find((d) => d.message.includes('contex'));
    const col = workflow.split('\n')[1]!.indexOf('contex');
    expect(contex).toMatchObject({ lnum: 1, col, end_col: col + 6 });
  }, 180_000);
});
