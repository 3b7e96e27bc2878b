// Events other than the step event: triggered by hand for an app's subscribed webhook modules, and built
// from live objects when their batch goes (a step pair whose string is no longer waiting is left out).
import type { TriggerRequest, TriggerResponse } from '../../../wire/apps.ts';
import { STEP_EVENT } from '../../../wire/apps.ts';
import type { Dataset } from '../data/model.ts';
import type { PendingEvent } from './batch-queues.ts';
import { ControlError } from './errors.ts';
import { DOCUMENTED_EVENTS, EventBuilder, EventSubjectError, findString } from './events.ts';
import type { HostParts } from './host-parts.ts';
import type { Installation } from './installations.ts';
import { moduleActive, subscribedModules } from './manifest.ts';
import type { StepPair } from './steps.ts';

export class Triggers {
  constructor(private p: HostParts) {}

  private get data(): Dataset {
    return this.p.config.data;
  }

  trigger(appId: string, request: TriggerRequest): TriggerResponse {
    const app = this.p.installations.require(appId);
    const event = request.event;
    if (event === STEP_EVENT) {
      throw new ControlError(
        400,
        'useSend',
        `${STEP_EVENT} is sent when strings reach a step: POST /__apps/steps/{stepId}/send.`,
      );
    }
    if (event === undefined || event === null || event === '') {
      const subscribed = [
        ...new Set(
          (app.manifest.modules?.webhook ?? [])
            .filter((w) => moduleActive(w, app.manifest, this.p.edition()))
            .flatMap((w) => w.events)
            .filter((e) => e !== STEP_EVENT && DOCUMENTED_EVENTS.includes(e)),
        ),
      ];
      throw new ControlError(
        400,
        'invalidRequest',
        `event is required: the documented event to emit, e.g. {"event": "file.added", "fileId": 1}. ` +
          (subscribed.length > 0
            ? `"${appId}" subscribes to ${subscribed.join(', ')}.`
            : `"${appId}" has no webhook module that subscribes to an event it can be sent.`),
      );
    }
    if (typeof event !== 'string' || !DOCUMENTED_EVENTS.includes(event)) {
      throw new ControlError(
        400,
        'unknownEvent',
        `${JSON.stringify(event)} is not a documented event. Events: ${DOCUMENTED_EVENTS.filter((e) => e !== STEP_EVENT).join(', ')}.`,
      );
    }
    const modules = subscribedModules(app.manifest, event, this.p.edition());
    if (modules.length === 0) {
      throw new ControlError(
        409,
        'notSubscribed',
        `No webhook module of "${appId}" subscribes to ${event}${this.p.enterprise() ? '' : ' on crowdin.com'}.`,
      );
    }
    const actor = request.userId === undefined ? app.installer : this.p.users(request.userId);
    if (!actor) throw new ControlError(404, 'unknownUser', `No user ${request.userId}.`);
    let built: object;
    try {
      built = new EventBuilder(this.p.world()).event(event, request, actor);
    } catch (e) {
      if (e instanceof EventSubjectError) throw new ControlError(404, 'unknownSubject', e.message);
      throw e;
    }
    for (const key of modules) this.p.deliveries.enqueue(app, key, [{ type: 'event', event: built }]);
    return { event, modules };
  }

  /** A batch's events from live objects; step pairs whose string is no longer waiting are left out. */
  batchEvents(app: Installation, items: PendingEvent[]): { events: object[]; pairs: StepPair[] } {
    const builder = new EventBuilder(this.p.world());
    const events: object[] = [];
    const pairs: StepPair[] = [];
    for (const item of items) {
      if (item.type === 'event') {
        events.push(item.event);
        continue;
      }
      const { pair } = item;
      const step = this.p.steps.get(pair.stepId);
      const string = findString(this.data, pair.stringId);
      if (
        !step?.active ||
        !string ||
        this.p.steps.record(step, pair.languageId, pair.stringId).status !== 'NEED_PROCESS'
      )
        continue;
      events.push(
        builder.stepEvent({
          string,
          languageId: pair.languageId,
          step: {
            id: step.id,
            title: step.title,
            languages: step.languages,
            appId: app.appId,
            moduleKey: step.moduleKey,
          },
          originEvent: pair.originEvent,
          user: this.p.users(item.userId),
        }),
      );
      pairs.push(pair);
    }
    return { events, pairs };
  }
}
