// Records what the emulator sends to one app (`POST /__apps/scenarios/record` … `/record/stop`): each webhook
// delivery as it is first sent, its raw body and headers and its offset in time, into a scenario
// (src/wire/scenarios.ts). A retry is the same delivery again and is not recorded twice; a redelivery or a
// duplicate is, naming the delivery it repeats.
import {
  SCENARIO_FORMAT,
  SCENARIO_VERSION,
  type RecordResponse,
  type Scenario,
} from '../../../../wire/scenarios.ts';
import { APPS_PATHS } from '../../../../wire/apps-routes.ts';
import type { Deliveries } from '../deliveries.ts';
import type { DeliveryRecord } from '../delivery-log.ts';
import { ControlError } from '../errors.ts';
import type { Installations } from '../installations.ts';

/** A recording keeps at most this many deliveries and body bytes; what comes after is counted, not kept. */
export const MAX_RECORDED = 10_000;
export const MAX_RECORDED_BYTES = 32 * 1024 * 1024;

interface Recording {
  app: string;
  startedAt: number;
  scenario: Scenario;
  bytes: number;
  listener: (record: DeliveryRecord) => void;
}

export class ScenarioRecorder {
  private recording: Recording | null = null;

  constructor(
    private deliveries: Deliveries,
    private installations: Installations,
    private clock: () => number,
  ) {}

  start(app: unknown): RecordResponse {
    if (typeof app !== 'string' || app === '')
      throw new ControlError(400, 'invalidRequest', 'Send {"app": "APP_ID"}: the installed app to record.');
    this.installations.require(app);
    if (this.recording)
      throw new ControlError(
        409,
        'recording',
        `The deliveries to "${this.recording.app}" are being recorded; stop that first: POST ${APPS_PATHS.scenarioStop}.`,
      );
    const startedAt = this.clock();
    const scenario: Scenario = {
      format: SCENARIO_FORMAT,
      version: SCENARIO_VERSION,
      app,
      recordedAt: new Date(startedAt).toISOString(),
      durationMs: 0,
      deliveries: [],
      leftOut: 0,
    };
    const recording: Recording = { app, startedAt, scenario, bytes: 0, listener: () => {} };
    recording.listener = (record) => {
      if (record.appId !== app) return;
      if (
        scenario.deliveries.length >= MAX_RECORDED ||
        recording.bytes + record.body.length > MAX_RECORDED_BYTES
      ) {
        scenario.leftOut++;
        return;
      }
      recording.bytes += record.body.length;
      const repeats = record.redeliveryOf;
      scenario.deliveries.push({
        id: record.id,
        redeliveryOf: repeats !== null && scenario.deliveries.some((d) => d.id === repeats) ? repeats : null,
        offsetMs: Math.max(0, this.clock() - startedAt),
        moduleKey: record.moduleKey!,
        method: 'POST',
        url: record.url,
        headers: { ...record.headers },
        body: record.body.toString('utf8'),
        events: [...record.events],
        eventCount: record.eventCount,
      });
    };
    this.deliveries.sendListeners.add(recording.listener);
    this.recording = recording;
    return { app, startedAt: scenario.recordedAt };
  }

  stop(): Scenario {
    const recording = this.recording;
    if (!recording)
      throw new ControlError(
        409,
        'notRecording',
        `Nothing is being recorded. Start with POST ${APPS_PATHS.scenarioRecord} {"app": "APP_ID"}.`,
      );
    this.deliveries.sendListeners.delete(recording.listener);
    this.recording = null;
    recording.scenario.durationMs = Math.max(0, this.clock() - recording.startedAt);
    return recording.scenario;
  }
}
