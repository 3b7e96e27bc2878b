// The resources of the four listings (their shapes: src/wire/resources.ts, shared with the app), projected
// from the context objects.
import { languageInfo, type Dataset, type DemoUser, type LanguageInfo } from '../data/model.ts';
import { editorUrl, projectUrl } from '../data/web-urls.ts';
import {
  PROVIDERS,
  type LanguageTranslationResource,
  type QaIssuesStatus,
  type SourceStringResource,
  type StringType,
  type TermResource,
  type TmSegmentResource,
  type TranslationOrigin,
  type UserResource,
} from '../../../wire/resources.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- context objects are untyped JSON */
type Obj = Record<string, any>;

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

export function stringType(s: Obj): StringType {
  if (s.typeIsPlural) return 'plural';
  if (s.typeIsIcu) return 'icu';
  if (s.typeIsAsset) return 'asset';
  return 'text';
}

export interface ProjectShape {
  /** A string-based project's strings have no file, directory or revision. */
  stringBased: boolean;
  /** Enterprise strings carry their custom fields. */
  enterprise: boolean;
  /** The Enterprise organization the web addresses are under; null on crowdin.com. */
  organization: string | null;
}

export function sourceStringResource(s: Obj, data: Dataset, shape: ProjectShape): SourceStringResource {
  const fileId: number | undefined = s.file?.id;
  const resource: SourceStringResource = {
    id: s.id,
    projectId: data.project.id,
    branchId: s.branch?.id ?? null,
    identifier: s.identifier ?? '',
    text: orNull(s.text),
    type: stringType(s),
    context: s.context ?? '',
    maxLength: s.maxLength ?? 0,
    isHidden: s.isHidden === true,
    isDuplicate: s.isDuplicate === true,
    masterStringId: orNull(s.masterStringId),
    hasPlurals: s.typeIsPlural === true,
    isIcu: s.typeIsIcu === true,
    labelIds: ((s.labels ?? []) as Obj[]).map((l) => l.id),
    webUrl: editorUrl(shape.organization, data.project, {
      fileId,
      stringId: s.id,
      languageId: data.project.targetLanguageIds[0] ?? data.project.sourceLanguageId,
    }),
    createdAt: orNull(s.added),
    updatedAt: orNull(s.updated),
  };
  if (!shape.stringBased) {
    resource.fileId = fileId ?? 0;
    resource.directoryId = orNull(s.directoryId);
    resource.revision = s.revision ?? 1;
  }
  // The context's `fields` is a collection of {name, slug, value, type} (the docs' examples query it so);
  // the resource's is an object of values by slug (the OpenAPI's shape).
  if (shape.enterprise) {
    const fields = (s.fields ?? []) as Obj[];
    resource.fields = fields.length
      ? Object.fromEntries(fields.map((f) => [f.slug ?? f.name, f.value]))
      : null;
  }
  return resource;
}

export function userResource(data: Dataset, id: unknown): UserResource {
  const u = data.users.find((x) => x.id === id);
  if (!u)
    return {
      id: typeof id === 'number' ? id : 0,
      username: 'unknown',
      fullName: 'Unknown user',
      avatarUrl: '',
    };
  return { id: u.id, username: u.username, fullName: u.fullName, avatarUrl: u.avatarUrl };
}

const CONTENT_TYPES: Record<StringType, string> = {
  text: 'text/plain',
  plural: 'application/vnd.crowdin.text+plural',
  icu: 'application/vnd.crowdin.text+icu',
  asset: 'image/png',
};

function origin(t: Obj): TranslationOrigin {
  const provider = (PROVIDERS as readonly string[]).includes(t.provider)
    ? (t.provider as TranslationOrigin['provider'])
    : null;
  return {
    provider,
    providerId: null,
    isPreTranslated: t.isPreTranslated === true,
    matchRate: provider === 'tm' ? 100 : null,
    matchType: provider === 'tm' ? 'perfect' : null,
  };
}

/** `failed` when the string has QA issues in the language, `passed` otherwise (the emulator never runs checks). */
function qaStatus(string: Obj, languageId: string): QaIssuesStatus {
  return ((string.languagesSummary ?? []) as Obj[]).some((s) => s.language === languageId && s.hasQaIssues)
    ? 'failed'
    : 'passed';
}

/**
 * One row of the language translations listing: the string's top translation (src/server/emulator/api/
 * top-translations.ts), or for a plural string the top translation of each of the given forms.
 */
export function languageTranslationResource(
  string: Obj,
  translations: Obj[],
  data: Dataset,
  languageId: string,
): LanguageTranslationResource {
  const qaIssuesStatus = qaStatus(string, languageId);
  const type = stringType(string);
  if (type === 'plural') {
    return {
      stringId: string.id,
      contentType: 'application/vnd.crowdin.text+plural',
      plurals: translations.map((t) => ({
        ...origin(t),
        translationId: t.id,
        text: t.text ?? '',
        pluralForm: t.pluralForm,
        user: userResource(data, t.user),
        createdAt: t.updated ?? '',
      })),
      qaIssuesStatus,
    };
  }
  const t = translations[0]!;
  if (type === 'asset') {
    return {
      stringId: string.id,
      contentType: CONTENT_TYPES.asset,
      translationId: t.id,
      user: userResource(data, t.user),
      createdAt: t.updated ?? '',
      url: t.url ?? `https://crowdin.com/translation/${t.id}/asset.png`,
      qaIssuesStatus,
    };
  }
  return {
    stringId: string.id,
    contentType: CONTENT_TYPES[type],
    ...origin(t),
    translationId: t.id,
    text: t.text ?? '',
    user: userResource(data, t.user),
    createdAt: t.updated ?? '',
    qaIssuesStatus,
  };
}

export function tmSegmentResource(seg: Obj): TmSegmentResource {
  return {
    id: seg.id,
    records: ((seg.records ?? []) as Obj[]).map((r) => ({
      id: r.id,
      languageId: r.languageId ?? '',
      text: r.text ?? '',
      usageCount: r.usageCount ?? 0,
      createdBy: r.createdBy ?? 0,
      updatedBy: r.updatedBy ?? r.createdBy ?? 0,
      createdAt: orNull(r.createdAt),
      updatedAt: orNull(r.updatedAt),
    })),
  };
}

export function termResource(t: Obj, glossaryId: number): TermResource {
  return {
    id: t.id,
    userId: t.user ?? 0,
    glossaryId,
    languageId: t.language ?? '',
    text: t.text ?? '',
    description: t.description ?? '',
    partOfSpeech: orNull(t.partOfSpeech),
    status: orNull(t.status),
    type: orNull(t.type),
    gender: orNull(t.gender),
    note: t.note ?? '',
    url: t.url ?? '',
    conceptId: orNull(t.concept),
    lemma: orNull(t.lemma),
    createdAt: t.createdAt ?? '',
    updatedAt: t.updatedAt ?? t.createdAt ?? '',
  };
}

export function languageResource(l: LanguageInfo) {
  const base = l.id.split('-')[0]!;
  return {
    id: l.id,
    name: l.name,
    // The service's editor codes are the id without its hyphen, in lower case (en-US is "enus").
    editorCode: l.id.replace(/-/g, '').toLowerCase(),
    twoLettersCode: base,
    threeLettersCode: base,
    locale: l.id.includes('-') ? l.id : `${base}-${base.toUpperCase()}`,
    androidCode: l.id.includes('-') ? l.id.replace('-', '-r') : `${base}-r${base.toUpperCase()}`,
    osxCode: `${base}.lproj`,
    osxLocale: base,
    pluralCategoryNames: l.pluralCategoryNames,
    pluralRules: '',
    textDirection: 'ltr',
    dialectOf: null,
  };
}

export function projectResource(data: Dataset, organization: string | null) {
  const p = data.project;
  return {
    id: p.id,
    userId: data.users[0]?.id ?? 1,
    sourceLanguageId: p.sourceLanguageId,
    targetLanguageIds: p.targetLanguageIds,
    sourceLanguage: languageResource(languageInfo(p.sourceLanguageId)),
    targetLanguages: p.targetLanguageIds.map((id) => languageResource(languageInfo(id))),
    name: p.name,
    identifier: p.identifier,
    description: p.description,
    visibility: 'private',
    logo: null,
    type: data.project.stringBased ? 1 : 0,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    lastActivity: p.updatedAt,
    webUrl: projectUrl(organization, p),
  };
}

export function memberResource(u: DemoUser) {
  return { id: u.id, username: u.username, fullName: u.fullName, avatarUrl: u.avatarUrl, role: u.role };
}

export function currentUserResource(u: DemoUser) {
  const [firstName, ...rest] = u.fullName.split(' ');
  return {
    id: u.id,
    username: u.username,
    email: `${u.username}@example.com`,
    firstName,
    lastName: rest.join(' '),
    fullName: u.fullName,
    avatarUrl: u.avatarUrl,
    createdAt: '2024-01-01T00:00:00+00:00',
    lastSeen: null,
    twoFactor: 'disabled',
    timezone: 'UTC',
  };
}
