// What a file-processing module must answer, checked as the service would take it (docs:
// developer/modules/file-processing-modules/*.mdx; spec 000 "Responses from the app to module calls"):
// `{"data": {…}}` or `{"error": {"message"}}` (shown to the user as it is); a build answers exactly one of
// `content` (base64) and `contentUrl`, a parse exactly one of `strings` and `stringsUrl` (newline-delimited
// JSON) and at most one of `preview` and `previewUrl`; each string in the shape of its module, with at most
// 4 KB of `customData`. Pure: the caller fetches URLs and hands their text in.
import type { ModuleCallProblem } from '../../../wire/app-module-calls.ts';

/** The service's limits on module calls, each way (docs: "max request payload - 5 MB", "wait timeout - 2 minutes"). */
export const MODULE_PAYLOAD_LIMIT = 5 * 1024 * 1024;
export const MODULE_TIMEOUT_SECONDS = 120;
/** `customData` per string (docs: "max 4 KB of custom data"). */
export const CUSTOM_DATA_LIMIT = 4 * 1024;

/** Problems reported at most; the rest are counted in one more. */
const MAX_PROBLEMS = 100;

/**
 * `attributes.crowdinType`: the Add File API's `type` values (crowdin/docs OpenAPI `ProjectFileType`) but
 * those the custom-file-format page excludes (auto, xml, csv, docx, xlsx, dita, idml, mif, svg).
 */
export const CROWDIN_TYPES: readonly string[] = [
  'android', 'macosx', 'resx', 'properties', 'gettext', 'yaml', 'php', 'json', 'ini', 'rc', 'resw',
  'resjson', 'qtts', 'joomla', 'chrome', 'dtd', 'dklang', 'flex', 'nsh', 'wxl', 'xliff', 'xliff_two',
  'html', 'haml', 'txt', 'md', 'mdx_v1', 'mdx_v2', 'flsnp', 'fm_html', 'fm_md', 'mediawiki', 'vsdx', 'sbv',
  'properties_play', 'properties_xml', 'maxthon', 'go_json', 'stringsdict', 'plist', 'vtt', 'vdf', 'srt',
  'stf', 'toml', 'contentful_rt', 'js', 'coffee', 'ts', 'i18next_json', 'xaml', 'arb', 'adoc', 'fbt',
  'webxml', 'nestjs_i18n', 'loc',
]; // prettier-ignore

const STATUSES = ['untranslated', 'translated', 'approved'];

/** Which string object a module speaks (docs: the "Strings Array Structure" of each module page). */
export type StringShape = 'parse-file' | 'build-file' | 'post-import';

/** What the checks need to know of the call: the languages and types the strings may name. */
export interface StringRules {
  shape: StringShape;
  sourcePlurals: readonly string[];
  /** The request's targetLanguages, with their plural categories. */
  targets: Readonly<Record<string, readonly string[]>>;
  /** `attributes.crowdinType` values besides CROWDIN_TYPES: the custom formats' `type`s. */
  customTypes: readonly string[];
}

/** What a job answers: a file (`content`) or strings (with an optional preview). */
export type AnswerKind = 'content' | 'strings';

export class Problems {
  readonly list: ModuleCallProblem[] = [];
  private dropped = 0;

  add(severity: ModuleCallProblem['severity'], pointer: string, message: string): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push({ severity, pointer, message });
    else this.dropped++;
  }
  error(pointer: string, message: string): void {
    this.add('error', pointer, message);
  }
  warning(pointer: string, message: string): void {
    this.add('warning', pointer, message);
  }
  get errors(): number {
    return this.list.filter((p) => p.severity === 'error').length + this.dropped;
  }
  done(): ModuleCallProblem[] {
    if (this.dropped)
      this.list.push({ severity: 'error', pointer: '', message: `… and ${this.dropped} more problems.` });
    return this.list;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** `error.message` of a JSON body such as `{"error": {"message": "…"}}`, or null. */
export function reportedError(body: Buffer | string): string | null {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (!/^\s*\{/.test(text)) return null;
  try {
    const value = JSON.parse(text) as unknown;
    const error = isObject(value) ? value.error : undefined;
    return isObject(error) && typeof error.message === 'string' ? error.message : null;
  } catch {
    return null;
  }
}

/** Strict base64 (the alphabet, padding, a length that is a multiple of 4). */
export function isBase64(s: string): boolean {
  return s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s);
}

function isHttpUrl(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Newline-delimited JSON, one value a line; blank lines (and the `\r` some writers add) are skipped. */
export function parseNdjson(text: string, at: string, problems: Problems): unknown[] {
  const rows: unknown[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    try {
      rows.push(JSON.parse(line));
    } catch {
      problems.error(`${at} line ${i + 1}`, `Line ${i + 1} is not JSON: ${line.slice(0, 80)}`);
    }
  });
  return rows;
}

/** The envelope of the answer: the app's own error, or `data` with exactly one way of each part. */
export interface AnswerEnvelope {
  /** `error.message`, shown to the user as it is. */
  appError: string | null;
  data: Record<string, unknown> | null;
}

export function readEnvelope(text: string, problems: Problems): AnswerEnvelope {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    problems.error(
      '',
      `The answer is not JSON: ${JSON.stringify(text.slice(0, 80))}${text.length > 80 ? '…' : ''}`,
    );
    return { appError: null, data: null };
  }
  if (!isObject(value)) {
    problems.error('', 'The answer must be a JSON object: {"data": {…}} or {"error": {"message": "…"}}.');
    return { appError: null, data: null };
  }
  for (const key of Object.keys(value)) {
    if (key !== 'data' && key !== 'error')
      problems.warning(`/${key}`, `"${key}" is not part of the answer; the service ignores it.`);
  }
  if (value.error !== undefined && value.error !== null) {
    if (isObject(value.error) && typeof value.error.message === 'string') {
      return { appError: value.error.message, data: null };
    }
    problems.error(
      '/error',
      'error must be an object with a string "message", which the service shows to the user.',
    );
    return { appError: null, data: null };
  }
  if (!isObject(value.data)) {
    problems.error('/data', 'The answer has no "data" object (and no "error").');
    return { appError: null, data: null };
  }
  return { appError: null, data: value.data };
}

/** Which of two exclusive fields the data uses (`a`, `b`), or null with an error when not exactly one. */
export function oneOf(
  data: Record<string, unknown>,
  a: string,
  b: string,
  problems: Problems,
  required: boolean,
): string | null {
  const has = (k: string) => data[k] !== undefined && data[k] !== null;
  if (has(a) && has(b)) {
    problems.error('/data', `Give either data.${a} or data.${b}, not both.`);
    return null;
  }
  if (!has(a) && !has(b)) {
    if (required) problems.error('/data', `data has neither ${a} nor ${b}: give exactly one.`);
    return null;
  }
  const key = has(a) ? a : b;
  const v = data[key];
  if (key.endsWith('Url')) {
    if (!isHttpUrl(v)) {
      problems.error(`/data/${key}`, `data.${key} must be an http(s) URL the service can download.`);
      return null;
    }
  } else if (key === 'strings') {
    if (!Array.isArray(v)) {
      problems.error('/data/strings', 'data.strings must be an array of string objects.');
      return null;
    }
  } else if (typeof v !== 'string' || !isBase64(v)) {
    problems.error(`/data/${key}`, `data.${key} must be base64 text.`);
    return null;
  }
  return key;
}

/** Fields of each string shape, beyond which a key is reported as ignored. */
const FIELDS: Record<StringShape, readonly string[]> = {
  'parse-file': ['previewId', 'identifier', 'context', 'customData', 'maxLength', 'isHidden', 'hasPlurals', 'labels', 'attributes', 'text', 'translations'],
  'build-file': ['id', 'identifier', 'context', 'customData', 'maxLength', 'isHidden', 'hasPlurals', 'labels', 'attributes', 'text', 'translations'],
  'post-import': ['uniqId', 'previewId', 'identifier', 'context', 'customData', 'maxLength', 'isHidden', 'hasPlurals', 'labels', 'attributes', 'text', 'translations'],
}; // prettier-ignore

/** A string's text: a string, or (with plurals) an object of strings keyed by the language's categories. */
function checkText(
  value: unknown,
  plural: boolean,
  categories: readonly string[],
  at: string,
  what: string,
  problems: Problems,
): void {
  if (!plural) {
    if (typeof value !== 'string') {
      problems.error(
        at,
        `${what} must be a string${isObject(value) ? ' (an object is a plural text: set "hasPlurals": true)' : ''}.`,
      );
    }
    return;
  }
  if (!isObject(value)) {
    problems.error(
      at,
      `${what} must be an object keyed by plural category (${categories.join(', ')}), as hasPlurals is true.`,
    );
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (!categories.includes(k))
      problems.error(
        `${at}/${k}`,
        `"${k}" is not a plural category of the language (${categories.join(', ')}).`,
      );
    else if (typeof v !== 'string') problems.error(`${at}/${k}`, `${what}.${k} must be a string.`);
  }
}

/** Each string object of a module's strings array (docs: "Strings Array Structure"). */
export function checkStrings(
  strings: readonly unknown[],
  at: string,
  rules: StringRules,
  problems: Problems,
): void {
  const types = new Set([...CROWDIN_TYPES, ...rules.customTypes]);
  const seenUniq = new Map<string, number>();
  const seenIdentifier = new Map<string, number>();
  const seenPreview = new Map<string, number>();
  const targetIds = Object.keys(rules.targets);
  strings.forEach((s, i) => {
    const p = `${at}/${i}`;
    if (!isObject(s)) {
      problems.error(p, `String #${i} is not an object.`);
      return;
    }
    for (const key of Object.keys(s)) {
      if (!FIELDS[rules.shape].includes(key))
        problems.warning(
          `${p}/${key}`,
          `"${key}" is not a field of this module's string object; the service ignores it.`,
        );
    }
    // A key that must be unique within the file: a second string with it is reported.
    const unique = (
      field: 'identifier' | 'uniqId',
      seen: Map<string, number>,
      severity: 'error' | 'warning',
    ) => {
      const value = s[field] as string;
      const first = seen.get(value);
      if (first === undefined) seen.set(value, i);
      else {
        problems.add(
          severity,
          `${p}/${field}`,
          `String #${i}: ${field} "${value}" is also string #${first}'s; it must be unique within the file.`,
        );
      }
    };
    if (typeof s.identifier !== 'string' || s.identifier === '') {
      problems.error(`${p}/identifier`, `String #${i}: identifier is required, a non-empty string.`);
    } else if (rules.shape !== 'post-import') unique('identifier', seenIdentifier, 'warning');
    if (rules.shape === 'post-import') {
      if (typeof s.uniqId !== 'string' || s.uniqId === '') {
        problems.error(`${p}/uniqId`, `String #${i}: uniqId is required, a string unique within the file.`);
      } else unique('uniqId', seenUniq, 'error');
    }
    if (rules.shape === 'build-file' && !Number.isInteger(s.id)) {
      problems.error(`${p}/id`, `String #${i}: id must be the integer id of the string in the project.`);
    }
    if (s.previewId !== undefined) {
      if (typeof s.previewId !== 'string' && typeof s.previewId !== 'number') {
        problems.error(`${p}/previewId`, `String #${i}: previewId must be a string or a number.`);
      } else {
        const key = String(s.previewId);
        const first = seenPreview.get(key);
        if (first !== undefined)
          problems.warning(
            `${p}/previewId`,
            `String #${i} shares previewId ${key} with string #${first}: only the last of them is linked to the preview.`,
          );
        seenPreview.set(key, i);
      }
    }
    const plural = s.hasPlurals === true;
    if (s.hasPlurals !== undefined && s.hasPlurals !== null && typeof s.hasPlurals !== 'boolean') {
      problems.error(`${p}/hasPlurals`, `String #${i}: hasPlurals must be a boolean.`);
    }
    if (s.text === undefined) problems.error(`${p}/text`, `String #${i}: text is required.`);
    else checkText(s.text, plural, rules.sourcePlurals, `${p}/text`, `String #${i}: text`, problems);
    if (s.context !== undefined && s.context !== null && typeof s.context !== 'string') {
      problems.error(`${p}/context`, `String #${i}: context must be a string.`);
    }
    if (s.customData !== undefined && s.customData !== null) {
      if (typeof s.customData !== 'string')
        problems.error(`${p}/customData`, `String #${i}: customData must be a string.`);
      else if (bytes(s.customData) > CUSTOM_DATA_LIMIT) {
        problems.error(`${p}/customData`, customDataMessage(i, bytes(s.customData)));
      }
    }
    if (
      s.maxLength !== undefined &&
      s.maxLength !== null &&
      !(Number.isInteger(s.maxLength) && (s.maxLength as number) >= 0)
    ) {
      problems.error(`${p}/maxLength`, `String #${i}: maxLength must be a non-negative integer or null.`);
    }
    if (s.isHidden !== undefined && s.isHidden !== null && typeof s.isHidden !== 'boolean') {
      problems.error(`${p}/isHidden`, `String #${i}: isHidden must be a boolean or null.`);
    }
    if (
      s.labels !== undefined &&
      !(Array.isArray(s.labels) && s.labels.every((l) => typeof l === 'string'))
    ) {
      problems.error(`${p}/labels`, `String #${i}: labels must be an array of label titles (strings).`);
    }
    if (s.attributes !== undefined) {
      if (!isObject(s.attributes))
        problems.error(`${p}/attributes`, `String #${i}: attributes must be an object.`);
      else if (s.attributes.crowdinType !== undefined) {
        const t = s.attributes.crowdinType;
        if (typeof t !== 'string' || !types.has(t)) {
          problems.error(
            `${p}/attributes/crowdinType`,
            `String #${i}: crowdinType ${JSON.stringify(t)} is not a Crowdin file type (an Add File API type but auto, xml, csv, docx, xlsx, dita, idml, mif, svg) nor the type of an installed custom file format.`,
          );
        } else if (plural) {
          problems.warning(
            `${p}/attributes/crowdinType`,
            `String #${i} has plurals: the service does not re-parse it with crowdinType.`,
          );
        }
      }
    }
    if (s.translations !== undefined && s.translations !== null) {
      if (!isObject(s.translations)) {
        problems.error(
          `${p}/translations`,
          `String #${i}: translations must be an object keyed by target language id.`,
        );
        return;
      }
      for (const [lang, t] of Object.entries(s.translations)) {
        const tp = `${p}/translations/${lang}`;
        const categories = rules.targets[lang];
        if (!categories) {
          problems.warning(
            tp,
            `String #${i}: "${lang}" is not among the request's targetLanguages (${targetIds.join(', ') || 'none'}); the service ignores it.`,
          );
          continue;
        }
        if (!isObject(t)) {
          problems.error(tp, `String #${i}: translations.${lang} must be an object {text, status?}.`);
          continue;
        }
        if (t.text === undefined)
          problems.error(`${tp}/text`, `String #${i}: translations.${lang}.text is required.`);
        else
          checkText(
            t.text,
            plural,
            categories,
            `${tp}/text`,
            `String #${i}: translations.${lang}.text`,
            problems,
          );
        if (t.status !== undefined) {
          const ok =
            plural && isObject(t.status)
              ? Object.entries(t.status).every(
                  ([k, v]) => categories.includes(k) && STATUSES.includes(v as string),
                )
              : STATUSES.includes(t.status as string);
          if (!ok) {
            problems.error(
              `${tp}/status`,
              `String #${i}: translations.${lang}.status must be ${STATUSES.join(', ')}${plural ? ', or an object of those keyed by plural category' : ''}.`,
            );
          }
        }
      }
    }
  });
}

export function customDataMessage(index: number, size: number): string {
  return `String #${index}: customData is ${size.toLocaleString('en-US')} bytes; the service keeps at most 4 KB (${CUSTOM_DATA_LIMIT.toLocaleString('en-US')} bytes) per string.`;
}

/**
 * The HTML preview (docs: "HTML Preview of the File"): each string with a previewId in an element
 * `id="string_preview_id_{previewId}"` (double quotes, exact) that has `class="crowdin_phrase"`.
 */
export function checkPreview(
  html: string,
  strings: readonly unknown[],
  at: string,
  problems: Problems,
): void {
  const elements = new Map<string, string>();
  for (const m of html.matchAll(/<[a-zA-Z][^>]*\bid="string_preview_id_([^"]*)"[^>]*>/g))
    elements.set(m[1]!, m[0]);
  if (strings.some((s) => isObject(s) && s.hasPlurals === true)) {
    problems.warning(at, 'A string has plurals: the service does not show a preview then.');
  }
  let missing = 0;
  strings.forEach((s, i) => {
    if (!isObject(s)) return;
    if (s.previewId === undefined) {
      missing++;
      return;
    }
    const tag = elements.get(String(s.previewId));
    if (!tag) {
      problems.warning(
        at,
        `String #${i}: the preview has no element with id="string_preview_id_${String(s.previewId)}", so the string is not linked to it.`,
      );
    } else if (!/\bclass="[^"]*\bcrowdin_phrase\b/.test(tag)) {
      problems.warning(
        at,
        `String #${i}: its preview element lacks class="crowdin_phrase": no highlight and no inline editing in the preview.`,
      );
    }
  });
  if (missing) {
    problems.warning(
      at,
      `${missing} string${missing === 1 ? ' has' : 's have'} no previewId, which is required when a preview is generated.`,
    );
  }
}
