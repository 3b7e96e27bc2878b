// What the router remembers of an installation and of a step; the store (router-store.ts) keeps them.
import type { AppInstallation } from '../../../app-server/installation.ts';
import type { RouterSettings } from '../../settings.ts';

export { organizationKey } from '../../../app-server/installation.ts';

/** The installed event's fields the router keeps: a `crowdin_agent` app's, so with its bot's agentId. */
export interface Installation extends AppInstallation {
  agentId: number;
}

/** One step of one workflow (or template) the router serves. */
export interface StepRecord {
  /** The installation's key (organizationKey). */
  organization: string;
  stepId: number;
  projectId: number | null;
  workflowId: number | null;
  /** Set for a step of a workflow template. */
  templateId: number | null;
  /** null until the step's settings are saved. */
  settings: RouterSettings | null;
  savedAt: string | null;
  /** Languages the step routes (from deliveries and from the step itself): what reconciling looks at. */
  languages: string[];
}

export function stepKey(organization: string, stepId: number, templateId: number | null = null): string {
  return templateId === null
    ? `${organization}|${stepId}`
    : `${organization}|template:${templateId}|${stepId}`;
}

export class StoreError extends Error {}
