// The project's own values for completion and the checks on mentions: members, languages, files and
// labels, read from the service's API (or the emulator's) when a project is configured. The token is
// CROWDIN_PERSONAL_TOKEN, the variable crowdin-cli reads; it never comes from a setting, so a workspace's
// settings file cannot send it elsewhere. One page of each list (500, the service's page limit) is what
// an editor needs; the checks treat a full member page as possibly cut short (editor/analyze-options.ts).
import type { LiveValues } from '../croql/index.ts';
import { PAGE_LIMIT } from '../wire/service-limits.ts';

export const DEFAULT_API_URL = 'https://api.crowdin.com/api/v2';

export interface LiveSettings {
  projectId: number;
  apiUrl: string;
  token: string;
}

interface Page<T> {
  data: { data: T }[];
}

async function getJson<T>(settings: LiveSettings, path: string, signal: AbortSignal): Promise<T> {
  const url = `${settings.apiUrl.replace(/\/+$/, '')}${path}`;
  const response = await fetch(url, { headers: { Authorization: `Bearer ${settings.token}` }, signal });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status} ${response.statusText}`);
  return (await response.json()) as T;
}

/** Members, languages (the source and the targets), files and labels of the configured project. */
export async function loadLiveValues(settings: LiveSettings, signal: AbortSignal): Promise<LiveValues> {
  const project = `/projects/${settings.projectId}`;
  const [members, info, files, labels] = await Promise.all([
    getJson<Page<{ id: number; username: string; fullName?: string }>>(
      settings,
      `${project}/members?limit=${PAGE_LIMIT}`,
      signal,
    ),
    getJson<{ data: { targetLanguageIds?: string[]; targetLanguages?: { id: string; name?: string }[] } }>(
      settings,
      project,
      signal,
    ),
    getJson<Page<{ id: number; name: string; path?: string }>>(
      settings,
      `${project}/files?limit=${PAGE_LIMIT}`,
      signal,
    ),
    getJson<Page<{ id: number; title: string }>>(settings, `${project}/labels?limit=${PAGE_LIMIT}`, signal),
  ]);
  // The target languages, as the playground lists them (connection/queries.ts, projectLanguages).
  const targets: { id: string; name?: string }[] = info.data.targetLanguages?.length
    ? info.data.targetLanguages
    : (info.data.targetLanguageIds ?? []).map((id) => ({ id }));
  return {
    users: members.data.map(({ data: u }) => ({
      id: u.id,
      username: u.username,
      ...(u.fullName ? { fullName: u.fullName } : {}),
    })),
    languages: targets.map((l) => ({ id: l.id, ...(l.name ? { name: l.name } : {}) })),
    files: files.data.map(({ data: f }) => ({ id: f.id, name: f.name, ...(f.path ? { path: f.path } : {}) })),
    labels: labels.data.map(({ data: l }) => ({ id: l.id, title: l.title })),
  };
}
