// Loading a data file: the project's context objects in the Context JSON format (README.md, "Data file"),
// checked against the schema so a typo in a key or a wrong type is reported before the server starts.
import { lookupField, schema, type ContextObject } from '../../../croql/index.ts';
import { DEMO_TARGET_LANGUAGES, DEMO_USERS } from './demo-tables.ts';
import { languageInfo, type Dataset, type DemoUser, type FileInfo } from './model.ts';
import { readJsonFile } from './read-json.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- the file is untyped JSON until checked */

/** Keys the resource shapes read beyond the schema's fields (see ../api/resources.ts). */
const EXTRA_KEYS: Record<string, string[]> = {
  sourceString: ['masterStringId', 'directoryId', 'revision'],
  stringTranslation: ['id', 'url'],
  translation: ['id', 'url'],
  comment: ['id', 'issueType', 'added', 'text'],
  screenshot: ['id', 'name', 'url'],
  tmRecord: ['languageId'],
  glossaryTerm: [],
};

export class DataFileError extends Error {}

export function loadDataFile(path: string): Dataset {
  let json: any;
  try {
    json = readJsonFile(path);
  } catch (e) {
    throw new DataFileError(
      `Cannot read the data file ${path}: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  return datasetFromJson(json);
}

/** Builds a dataset from the data file's JSON; throws DataFileError listing the first problems found. */
export function datasetFromJson(json: any): Dataset {
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new DataFileError(
      'The data file must hold a JSON object with "strings", "tms", "glossaries", … (see the README).',
    );
  }
  const problems: string[] = [];
  const list = (name: string): any[] => {
    const v = json[name];
    if (v === undefined) return [];
    if (!Array.isArray(v)) problems.push(`"${name}" must be an array.`);
    return Array.isArray(v) ? v : [];
  };
  const strings = list('strings') as ContextObject[];
  strings.forEach((s, i) => checkObject(s, 'sourceString', `strings[${i}]`, problems));
  const tms = list('tms').map((tm: any, i: number) => {
    const segments = Array.isArray(tm?.segments) ? tm.segments : [];
    segments.forEach((s: any, k: number) =>
      checkObject(s, 'tmSegment', `tms[${i}].segments[${k}]`, problems),
    );
    return {
      id: Number(tm?.id ?? i + 1),
      name: String(tm?.name ?? `TM ${i + 1}`),
      languageIds: Array.isArray(tm?.languageIds) ? tm.languageIds : [],
      createdAt: String(tm?.createdAt ?? '2024-01-01T00:00:00+00:00'),
      segments,
    };
  });
  const glossaries = list('glossaries').map((g: any, i: number) => {
    const terms = Array.isArray(g?.terms) ? g.terms : [];
    terms.forEach((t: any, k: number) =>
      checkObject(t, 'glossaryTerm', `glossaries[${i}].terms[${k}]`, problems),
    );
    return {
      id: Number(g?.id ?? i + 1),
      name: String(g?.name ?? `Glossary ${i + 1}`),
      languageId: String(g?.languageId ?? 'en'),
      createdAt: String(g?.createdAt ?? '2024-01-01T00:00:00+00:00'),
      terms,
    };
  });
  shareRepeated(strings);
  // A translation of a non-plural string is the form "none" (the docs' context JSON).
  for (const s of strings as any[]) {
    if (s.typeIsPlural) continue;
    for (const t of s.translations ?? []) t.pluralForm ??= 'none';
  }
  if (problems.length) {
    const shown = problems.slice(0, 10).join('\n  ');
    throw new DataFileError(`The data file has ${problems.length} problem(s):\n  ${shown}`);
  }

  const users: DemoUser[] = json.users
    ? (json.users as any[]).map((u) => ({
        id: Number(u.id),
        username: String(u.username),
        fullName: String(u.fullName ?? u.username),
        avatarUrl: String(u.avatarUrl ?? ''),
        role: String(u.role ?? 'translator'),
      }))
    : DEMO_USERS;
  const p = json.project ?? {};
  const targets: string[] = p.targetLanguageIds ?? inferLanguages(strings) ?? [...DEMO_TARGET_LANGUAGES];
  const source = String(p.sourceLanguageId ?? 'en');
  const files = inferFiles(strings);
  const branches = uniqueBy(strings.map((s: any) => s.branch).filter(Boolean), (b: any) => b.id).map(
    (b: any) => ({
      id: b.id,
      name: String(b.name ?? `branch-${b.id}`),
      title: String(b.title ?? b.name ?? ''),
      createdAt: '2024-01-01T00:00:00+00:00',
    }),
  );
  const labels = uniqueBy(
    strings.flatMap((s: any) => s.labels ?? []),
    (l: any) => l.id,
  ).map((l: any) => ({
    id: l.id,
    title: String(l.title ?? ''),
    isSystem: l.isSystem === true,
  }));
  return {
    version: Date.now(),
    users,
    languages: [source, ...targets].map(languageInfo),
    project: {
      id: Number(p.id ?? 1),
      name: String(p.name ?? 'Imported project'),
      identifier: String(p.identifier ?? 'imported-project'),
      description: String(p.description ?? ''),
      sourceLanguageId: source,
      targetLanguageIds: targets,
      createdAt: String(p.createdAt ?? '2024-01-01T00:00:00+00:00'),
      updatedAt: String(p.updatedAt ?? '2024-01-01T00:00:00+00:00'),
      // The service's project `type`: 0 file-based, 1 string-based.
      stringBased: p.type === 1,
    },
    branches,
    directories: [],
    files,
    labels,
    strings,
    tms,
    glossaries,
  };
}

function inferLanguages(strings: any[]): string[] | null {
  const set = new Set<string>();
  for (const s of strings)
    for (const t of s.translations ?? []) if (typeof t.language === 'string') set.add(t.language);
  return set.size ? [...set] : null;
}

/**
 * Every string of a file repeats its file, branch and labels: one object for each distinct one (by value),
 * so the strings share them as the demo data's do, instead of holding a copy each.
 */
function shareRepeated(strings: any[]): void {
  const seen = new Map<string, unknown>();
  const shared = <T>(value: T): T => {
    if (!value || typeof value !== 'object') return value;
    const key = JSON.stringify(value);
    const first = seen.get(key);
    if (first !== undefined) return first as T;
    seen.set(key, value);
    return value;
  };
  for (const s of strings) {
    if (!s || typeof s !== 'object') continue;
    if (s.file) s.file = shared(s.file);
    if (s.branch) s.branch = shared(s.branch);
    if (Array.isArray(s.labels)) s.labels = shared(s.labels.map(shared));
  }
}

function inferFiles(strings: any[]): FileInfo[] {
  // The first string of each file id tells its branch and directory.
  const owners = new Map<unknown, any>();
  for (const s of strings) if (s.file && !owners.has(s.file.id)) owners.set(s.file.id, s);
  return uniqueBy(strings.map((s) => s.file).filter(Boolean), (f: any) => f.id).map((f: any, i) => {
    const owner = owners.get(f.id);
    return {
      id: f.id ?? i + 1,
      name: String(f.name ?? `file-${f.id}`),
      title: String(f.title ?? f.name ?? ''),
      type: String(f.type ?? 'json'),
      context: String(f.context ?? ''),
      branchId: owner?.branch?.id ?? null,
      directoryId: owner?.directoryId ?? null,
      path: `/${String(f.name ?? `file-${f.id}`)}`,
    };
  });
}

function uniqueBy<T>(items: T[], key: (t: T) => unknown): T[] {
  const seen = new Map<unknown, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

/** Checks keys and value types of one context object against its schema type, recursively. */
function checkObject(value: any, typeName: string, path: string, problems: string[]): void {
  if (problems.length > 50) return;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${path} must be an object.`);
    return;
  }
  const type = schema.types[typeName];
  if (!type) return;
  for (const [key, v] of Object.entries(value)) {
    if (key === 'id' || (EXTRA_KEYS[typeName] ?? []).includes(key)) continue;
    const field = lookupField(typeName, key);
    if (!field || field.key !== key) {
      const hint = field ? ` (write "${field.key}")` : '';
      problems.push(`${path}.${key}: not a field of a ${type.label}${hint}.`);
      continue;
    }
    if (v === null || v === undefined) continue;
    const ft = field.type;
    const at = `${path}.${key}`;
    if (ft.kind === 'collection') {
      if (!Array.isArray(v)) problems.push(`${at} must be an array.`);
      else v.forEach((e: any, i: number) => checkObject(e, ft.elementType, `${at}[${i}]`, problems));
    } else if (ft.kind === 'object') {
      checkObject(v, ft.objectType, at, problems);
    } else if (!scalarOk(ft.type, v, typeName === 'sourceString' && key === 'text')) {
      problems.push(
        `${at} must be ${ft.type === 'user' ? 'a user id (integer)' : `a ${ft.type}`}; got ${JSON.stringify(v)}.`,
      );
    }
  }
}

function scalarOk(type: string, v: unknown, pluralText: boolean): boolean {
  switch (type) {
    case 'boolean':
      return typeof v === 'boolean';
    case 'integer':
    case 'user':
      return Number.isInteger(v);
    case 'float':
      return typeof v === 'number';
    case 'string':
      return typeof v === 'string' || (pluralText && typeof v === 'object' && !Array.isArray(v));
    case 'language':
      return typeof v === 'string';
    case 'datetime':
      return typeof v === 'string' && !Number.isNaN(Date.parse(v));
    default:
      return true;
  }
}
