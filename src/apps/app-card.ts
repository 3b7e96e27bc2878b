// What an app's card decides: which events Trigger offers, which modules can be called from the view, and
// what a module call did, in words.
import { DOCUMENTED_EVENTS, STEP_EVENT, type AppInfo, type ModuleInfo } from '../wire/apps.ts';
import type { ModuleCallResponse } from '../wire/app-module-calls.ts';
import { plural } from './format.ts';

export interface TriggerChoices {
  /** Events of the app's active webhook modules that Trigger can build. */
  events: string[];
  /** The app subscribes to the step event, which strings reaching a step send (not Trigger). */
  stepEvent: boolean;
}

/** Only what the app subscribes to: anything else is refused after Trigger (ui-walk D20). */
export function triggerChoices(app: Pick<AppInfo, 'webhooks'>): TriggerChoices {
  const subscribed = new Set(app.webhooks.filter((w) => w.active).flatMap((w) => w.events));
  return {
    events: DOCUMENTED_EVENTS.filter((e) => e !== STEP_EVENT && subscribed.has(e)),
    stepEvent: subscribed.has(STEP_EVENT),
  };
}

/** Modules the view can call: the file-processing ones the emulator hosts (the module-call route). */
export function callableModules(app: Pick<AppInfo, 'modules'>): ModuleInfo[] {
  return app.modules.filter((m) => m.hosted && m.group !== 'webhook' && m.group !== 'workflow-step-type');
}

/** The jobs a module of `group` may be asked for; empty when it has one (the emulator picks it). */
export function jobTypesOf(group: string): string[] {
  return group === 'custom-file-format' ? ['parse-file', 'build-file'] : [];
}

/** What a module call did, in one sentence. */
export function moduleCallSummary(r: ModuleCallResponse): string {
  const took = r.answer.status === null ? 'no answer' : `${r.answer.status} after ${r.answer.durationMs} ms`;
  if (!r.ok) return `The call failed (${took}): ${r.failure ?? r.appError ?? 'the answer was refused'}`;
  const parts: string[] = [];
  if (r.result?.strings) parts.push(plural(r.result.strings.length, 'string'));
  if (r.result?.contentBytes !== undefined) parts.push(`a file of ${plural(r.result.contentBytes, 'byte')}`);
  if (r.result?.preview !== undefined) parts.push('a preview');
  return `The app answered ${r.jobType} (${took})${parts.length ? `: ${parts.join(', ')}` : ''}.`;
}
