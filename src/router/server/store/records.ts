// What the router remembers of an installation and of a step; the store (router-store.ts) keeps them.
import type { RouterSettings } from '../../settings.ts';

/** The installed event's fields the router keeps (Crowdin's installation page). */
export interface Installation {
  appId: string;
  appSecret: string;
  clientId: string;
  userId: number;
  organizationId: number;
  /** null on crowdin.com; the organization's domain on Enterprise. */
  domain: string | null;
  baseUrl: string;
  agentId: number;
  installedAt: string;
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

/** How the service and the official framework key an installation: the domain, else the organization id. */
export function organizationKey(domain: string | null | undefined, organizationId: number | string): string {
  return domain ? domain : String(organizationId);
}

export function stepKey(organization: string, stepId: number, templateId: number | null = null): string {
  return templateId === null
    ? `${organization}|${stepId}`
    : `${organization}|template:${templateId}|${stepId}`;
}

export class StoreError extends Error {}
