// The service's web addresses for what the emulator serves, in one place for the API's `webUrl`s and the
// webhooks' `url`s (ui-walk D33: the API said crowdin.com where the same emulator's webhook said the
// organization's domain). Crowdin Enterprise addresses a project by its id under the organization's
// domain (the OpenAPI's examples: `https://example.crowdin.com/editor/1/all/en-pl#2`); crowdin.com by
// the project's identifier.
import type { Dataset } from './model.ts';

/** `https://{organization}.crowdin.com` on Crowdin Enterprise, `https://crowdin.com` otherwise. */
export function webOrigin(organization: string | null): string {
  return organization ? `https://${organization}.crowdin.com` : 'https://crowdin.com';
}

/** The project's page. */
export function projectUrl(organization: string | null, project: Dataset['project']): string {
  return organization
    ? `${webOrigin(organization)}/u/projects/${project.id}`
    : `${webOrigin(null)}/project/${project.identifier}`;
}

/** A string in the editor, in one target language; `all` files when it has none (string-based). */
export function editorUrl(
  organization: string | null,
  project: Dataset['project'],
  at: { fileId: number | undefined; stringId: number; languageId: string },
): string {
  const where = organization
    ? `${webOrigin(organization)}/editor/${project.id}`
    : `${webOrigin(null)}/editor/${project.identifier}`;
  return `${where}/${at.fileId ?? 'all'}/${project.sourceLanguageId}-${at.languageId}#${at.stringId}`;
}
