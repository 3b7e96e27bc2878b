// Reading a manifest from a file or a URL, with clear messages for what can go wrong on the way
// (unreachable, refused, too large, not JSON).
import { readFileSync, statSync } from 'node:fs';
import { MANIFEST_TIMEOUT_SECONDS } from '../../../wire/apps.ts';
import type { AppCaller } from './outgoing.ts';

/** A manifest larger than this is refused before it is parsed (the emulator's choice). */
export const MAX_MANIFEST_BYTES = 1024 * 1024;
export const MANIFEST_TIMEOUT_MS = MANIFEST_TIMEOUT_SECONDS * 1000;

/** A manifest that could not be read or parsed; `code` says which way. */
export class ManifestSourceError extends Error {
  constructor(
    readonly code: 'unreachable' | 'refused' | 'tooLarge' | 'notJson' | 'notFound',
    message: string,
    readonly status: number | null = null,
    readonly answerStart = '',
  ) {
    super(message);
  }
}

/** Parses manifest text; the error names the line and column. */
export function parseManifestText(text: string, source: string): unknown {
  if (text.replace(/^\uFEFF/, '').trim() === '') {
    // JSON.parse would say "Unexpected end of JSON input", which reads like a cut-off manifest.
    throw new ManifestSourceError(
      'notJson',
      `The manifest at ${source} is empty: no text at all, not even \`{}\`.`,
    );
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const position = /position (\d+)/.exec(message);
    let where = '';
    if (position) {
      const before = text.slice(0, Number(position[1]));
      const line = before.split('\n').length;
      where = ` at line ${line}, column ${before.length - before.lastIndexOf('\n')}`;
    }
    const start = text.trimStart().slice(0, 1);
    const hint = start === '<' ? " It looks like HTML: is the URL the app's manifest.json?" : '';
    throw new ManifestSourceError(
      'notJson',
      `The manifest at ${source} is not JSON${where}: ${message}.${hint}`,
    );
  }
}

/** Reads a manifest from a URL (through the app caller's rules) or a file. */
export async function readManifest(source: string, caller: AppCaller): Promise<unknown> {
  if (/^https?:\/\//i.test(source)) {
    const refusal = caller.refusal(source);
    if (refusal) throw new ManifestSourceError('unreachable', `Cannot fetch the manifest: ${refusal}`);
    const result = await caller.call({
      method: 'GET',
      url: source,
      headers: { Accept: 'application/json' },
      timeoutMs: MANIFEST_TIMEOUT_MS,
      maxAnswerBytes: MAX_MANIFEST_BYTES,
    });
    if (result.error) {
      throw new ManifestSourceError(
        'unreachable',
        `Cannot fetch the manifest at ${source}: ${result.error.message}`,
      );
    }
    const start = result.body.subarray(0, 300).toString('utf8');
    if (result.status! < 200 || result.status! > 299) {
      const where =
        result.status! >= 300 && result.status! < 400 && result.headers.location
          ? ` (a redirect to ${result.headers.location}, which the emulator does not follow: give the final URL)`
          : '';
      const said = start.replace(/\s+/g, ' ').trim();
      const answer = said ? `: ${said.length > 120 ? `${said.slice(0, 120)}…` : said}` : '';
      throw new ManifestSourceError(
        'refused',
        `The manifest URL ${source} answered ${result.status}${where}${answer}.`,
        result.status,
        start,
      );
    }
    if (result.truncated) {
      throw new ManifestSourceError(
        'tooLarge',
        `The manifest at ${source} is larger than ${MAX_MANIFEST_BYTES / 1024} KB; a manifest is a small JSON file.`,
      );
    }
    return parseManifestText(result.body.toString('utf8'), source);
  }
  let size: number;
  try {
    size = statSync(source).size;
  } catch {
    throw new ManifestSourceError(
      'notFound',
      `No manifest file at ${source}. Give a path to manifest.json or its URL.`,
    );
  }
  if (size > MAX_MANIFEST_BYTES) {
    throw new ManifestSourceError(
      'tooLarge',
      `${source} is larger than ${MAX_MANIFEST_BYTES / 1024} KB; a manifest is a small JSON file.`,
    );
  }
  return parseManifestText(readFileSync(source, 'utf8'), source);
}
