// What the settings page asks its backend for (`GET /step/api/state`, the page's JWT as Bearer): the step's
// saved settings and the project's members, languages and labels for completion and the check. The server's
// project.ts fills it; the page reads it.
import type { RouterSettings } from './settings.ts';

export interface ProjectData {
  users: { id: number; username: string; fullName?: string }[];
  languages: { id: string; name?: string }[];
  labels: { id: number; title: string }[];
}

/** A step of the project whose rules are saved. */
export interface SavedStep {
  stepId: number;
  savedAt: string | null;
  settings: RouterSettings;
}

export interface PageState {
  /** The step the page configures, when the host says (a `stepId` parameter or a claim of the token). */
  stepId: number | null;
  /** That step's saved settings; null before its first save, or when the page cannot tell its step. */
  settings: RouterSettings | null;
  /** When the page cannot tell its step: the project's steps with saved rules, newest first, to start from. */
  steps: SavedStep[];
  /** null when the project could not be read (the page still works, without live values). */
  values: ProjectData | null;
  /** Why `values` is null, for a person. */
  problem: string | null;
}
