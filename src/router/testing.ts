// Test helpers for the router (imported only by *.test.ts files).
import type { ContextObject } from '../croql/index.ts';
import { STEP_EVENT } from '../wire/apps.ts';
import type { EventString } from '../wire/workflow-step.ts';

/** A demo string as the service's delivery carries it (Crowdin's workflow-step-type page, example payload). */
export function deliveredString(s: ContextObject): EventString {
  const file = s.file as { id: number; name: string; title: string } | undefined;
  const branch = s.branch as { id: number } | undefined;
  return {
    id: s.id as number,
    identifier: `hash-${String(s.id)}`,
    key: s.identifier as string,
    // As the emulator sends it (src/server/emulator/apps/events.ts): a plural string's `other` form.
    text:
      typeof s.text === 'object' && s.text !== null
        ? ((s.text as Record<string, string>).other ?? '')
        : (s.text as string),
    type: s.typeIsPlural ? 'plural' : s.typeIsIcu ? 'icu' : s.typeIsAsset ? 'asset' : 'text',
    context: s.context as string,
    maxLength: String(s.maxLength ?? 0),
    isHidden: s.isHidden === true,
    isDuplicate: s.isDuplicate === true,
    hasPlurals: s.typeIsPlural === true,
    revision: (s.revision as number) ?? 1,
    labelIds: ((s.labels ?? []) as { id: number }[]).map((l) => l.id),
    createdAt: s.added as string,
    updatedAt: (s.updated as string | null) ?? null,
    file: file
      ? {
          id: file.id,
          name: file.name,
          title: file.title,
          type: 'android8',
          branch: { id: branch?.id ?? null },
        }
      : null,
    project: { id: 1 },
  };
}

/** A delivery body as the service sends it: `{"events": [...]}`, one event per string and language. */
export function deliveryBody(
  strings: readonly EventString[],
  step: { id: number; moduleKey: string },
  languageId: string,
): string {
  return JSON.stringify({
    events: strings.map((translation) => ({
      event: STEP_EVENT,
      stringStatus: {
        status: 'NEED_PROCESS',
        output: '',
        originEvent: 'string.added',
        organizationId: '200',
        translation,
        sourceLanguage: { id: 'en', name: 'English', textDirection: 'ltr', dialectOf: null },
        affectedLanguage: { id: languageId, name: languageId, textDirection: 'ltr', dialectOf: null },
        workflowStep: {
          id: step.id,
          title: 'Route',
          type: 'Application',
          languages: [languageId],
          applicationModule: { applicationIdentifier: 'croql-router', moduleKey: step.moduleKey },
        },
        user: { id: '1', username: 'alice', fullName: 'Alice', avatarUrl: '' },
      },
    })),
  });
}
