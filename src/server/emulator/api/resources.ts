// Resource shapes of the API (crowdin-api-notes.md, "Resource shapes"), projected from the context objects.
import { languageInfo, type Dataset, type DemoUser, type LanguageInfo } from '../data/model.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- context objects are untyped JSON */
type Obj = Record<string, any>;

const orNull = (v: unknown) => (v === undefined ? null : v);

export function stringType(s: Obj): 'text' | 'plural' | 'icu' | 'asset' {
  if (s.typeIsPlural) return 'plural';
  if (s.typeIsIcu) return 'icu';
  if (s.typeIsAsset) return 'asset';
  return 'text';
}

export function sourceStringResource(s: Obj, data: Dataset) {
  const fileId = s.file?.id ?? null;
  return {
    id: s.id,
    projectId: data.project.id,
    branchId: s.branch?.id ?? null,
    identifier: orNull(s.identifier),
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
    webUrl: `https://crowdin.com/editor/${data.project.identifier}/${fileId ?? 'all'}/en-uk#${s.id}`,
    createdAt: orNull(s.added),
    updatedAt: orNull(s.updated),
    fileId,
    directoryId: orNull(s.directoryId),
    revision: s.revision ?? 1,
  };
}

export function userResource(data: Dataset, id: unknown) {
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

const CONTENT_TYPES = {
  text: 'text/plain',
  plural: 'application/vnd.crowdin.text+plural',
  icu: 'application/vnd.crowdin.text+icu',
  asset: 'text/plain',
};

function translationFields(t: Obj, data: Dataset) {
  return {
    translationId: t.id,
    text: orNull(t.text),
    user: userResource(data, t.user),
    createdAt: orNull(t.updated),
    provider: orNull(t.provider),
    providerId: null,
    isPreTranslated: t.isPreTranslated === true,
    matchRate: t.provider ? 100 : null,
    matchType: t.provider === 'tm' ? 'perfect' : null,
    approvalsCount: ((t.approvals ?? []) as unknown[]).length,
  };
}

/**
 * One resource of the language translations listing: a plain or ICU translation on its own, or the given
 * plural forms of one string grouped as the service groups them.
 */
export function languageTranslationResource(
  string: Obj,
  translations: Obj[],
  data: Dataset,
  languageId: string,
) {
  const qaIssuesStatus = ((string.languagesSummary ?? []) as Obj[]).some(
    (s) => s.language === languageId && s.hasQaIssues,
  )
    ? 'has_issues'
    : 'no_issues';
  const type = stringType(string);
  if (type === 'plural') {
    return {
      stringId: string.id,
      contentType: CONTENT_TYPES.plural,
      plurals: translations.map((t) => ({ ...translationFields(t, data), pluralForm: orNull(t.pluralForm) })),
      qaIssuesStatus,
    };
  }
  return {
    stringId: string.id,
    contentType: CONTENT_TYPES[type],
    ...translationFields(translations[0]!, data),
    qaIssuesStatus,
  };
}

export function tmSegmentResource(seg: Obj) {
  return {
    id: seg.id,
    records: ((seg.records ?? []) as Obj[]).map((r) => ({
      id: r.id,
      languageId: orNull(r.languageId),
      text: orNull(r.text),
      usageCount: r.usageCount ?? 0,
      createdBy: orNull(r.createdBy),
      updatedBy: orNull(r.updatedBy),
      createdAt: orNull(r.createdAt),
      updatedAt: orNull(r.updatedAt),
    })),
  };
}

export function termResource(t: Obj, glossaryId: number) {
  return {
    id: t.id,
    userId: orNull(t.user),
    glossaryId,
    languageId: orNull(t.language),
    text: orNull(t.text),
    description: t.description ?? '',
    partOfSpeech: orNull(t.partOfSpeech),
    status: orNull(t.status),
    type: orNull(t.type),
    gender: orNull(t.gender),
    note: t.note ?? '',
    url: t.url ?? '',
    conceptId: orNull(t.concept),
    lemma: orNull(t.lemma),
    createdAt: orNull(t.createdAt),
    updatedAt: orNull(t.updatedAt),
  };
}

export function languageResource(l: LanguageInfo) {
  const base = l.id.split('-')[0]!;
  return {
    id: l.id,
    name: l.name,
    editorCode: l.id.toLowerCase(),
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

export function projectResource(data: Dataset) {
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
    type: 0,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    lastActivity: p.updatedAt,
    webUrl: `https://crowdin.com/project/${p.identifier}`,
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
