// What the settings need to know of a project, fetched with the agent's token: members (for `@user:`),
// target languages (for `@language:` and `{{language}}`) and labels, for the check when settings are saved
// and for completion on the settings page.
import type { ProjectData } from '../page-state.ts';
import type { ProjectValues } from '../plan.ts';
import type { CrowdinClient } from '../../app-server/crowdin.ts';

export async function projectData(client: CrowdinClient, projectId: number): Promise<ProjectData> {
  const [members, project, labels] = await Promise.all([
    client.listAll<{ id: number; username: string; fullName?: string }>(`/projects/${projectId}/members`),
    client.request<{
      data: { targetLanguages?: { id: string; name?: string }[]; targetLanguageIds?: string[] };
    }>('GET', `/projects/${projectId}`),
    client.listAll<{ id: number; title: string }>(`/projects/${projectId}/labels`),
  ]);
  const p = project.data;
  return {
    users: members.map((m) => ({ id: m.id, username: m.username, fullName: m.fullName })),
    languages:
      p.targetLanguages?.map((l) => ({ id: l.id, name: l.name })) ??
      (p.targetLanguageIds ?? []).map((id) => ({ id })),
    labels: labels.map((l) => ({ id: l.id, title: l.title })),
  };
}

/** What the core's check takes from the project (complete lists only: a partial one cannot prove a name unknown). */
export function checkValues(data: ProjectData | null): ProjectValues {
  return data ? { users: data.users, languages: data.languages.map((l) => l.id) } : {};
}

/** The project's data, or null when it does not come within `ms` (the check then runs without it). */
export async function projectDataWithin(
  client: CrowdinClient,
  projectId: number,
  ms: number,
): Promise<ProjectData | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([projectData(client, projectId).catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
