// What the settings page asks its backend for (`GET /step/api/state`, the page's JWT as Bearer): the step's
// saved settings and the project's members, languages and labels for completion and the check. The server's
// project.ts fills it; the page reads it.
import type { RouterSettings } from './settings.ts';

export interface ProjectData {
  users: { id: number; username: string; fullName?: string }[];
  languages: { id: string; name?: string }[];
  labels: { id: number; title: string }[];
}

export interface PageState {
  /** null until the step's settings are saved (or when the page cannot tell which step it is). */
  settings: RouterSettings | null;
  /** null when the project could not be read (the page still works, without live values). */
  values: ProjectData | null;
  /** Why `values` is null, for a person. */
  problem: string | null;
}
