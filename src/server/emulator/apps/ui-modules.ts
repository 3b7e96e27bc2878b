// An installed app's UI modules (project menu, tools, editor panels, …) as the service opens them.
import type { ModuleAccessRequest, ModulePageResponse, UiModuleInfo } from '../../../wire/app-modules.ts';
import { ControlError } from './errors.ts';
import type { HostParts } from './host-parts.ts';

/** The query of a page opening, as the route reads it (strings, unchecked). */
export interface PageQuery {
  projectId?: string;
  user?: string;
  languageId?: string;
  stringId?: string;
}

export class UiModules {
  constructor(private parts: HostParts) {}

  page(appId: string, moduleKey: string, _query: PageQuery, _origin: string): ModulePageResponse {
    this.parts.installations.require(appId);
    throw new ControlError(404, 'unknownModule', `"${appId}" has no UI module "${moduleKey}".`);
  }

  setAccess(appId: string, moduleKey: string, _body: ModuleAccessRequest): UiModuleInfo {
    this.parts.installations.require(appId);
    throw new ControlError(404, 'unknownModule', `"${appId}" has no UI module "${moduleKey}".`);
  }
}
