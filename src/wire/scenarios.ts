// Record and replay deliveries (README, "Record and replay deliveries"): the scenario file that
// `POST /__apps/scenarios/record/stop` returns and `POST /__apps/scenarios/replay` takes, and those routes'
// other shapes. The emulator records and replays (src/server/emulator/apps/scenarios/); `npm run emulator --
// apps record|replay` writes and reads the same file. A scenario holds webhook deliveries: the signed
// requests the emulator sends to an app's webhook modules.
import type { DeliverySummary } from './apps.ts';

export const SCENARIO_FORMAT = 'croql-emulator-scenario';
/** The scenario file's version: a reader refuses a newer one, saying so. */
export const SCENARIO_VERSION = 1;

/** One recorded delivery: what was sent, as sent, and when. */
export interface ScenarioDelivery {
  /** Its id in the delivery log of the emulator that recorded it. */
  id: number;
  /** The `id` of the delivery it sent again (a redelivery or a duplicate), when that one is in the scenario. */
  redeliveryOf: number | null;
  /** Milliseconds from the start of the recording to when it was sent. */
  offsetMs: number;
  /** The webhook module it was sent to (X-Module-Key). */
  moduleKey: string;
  method: 'POST';
  /** The URL it was sent to. */
  url: string;
  /** The headers as sent, the signature over the recording's secret among them. */
  headers: Record<string, string>;
  /** The body as sent (UTF-8 JSON, `{"events": […]}`), byte for byte. */
  body: string;
  /** The distinct event names in the body. */
  events: string[];
  eventCount: number;
}

export interface Scenario {
  format: typeof SCENARIO_FORMAT;
  version: typeof SCENARIO_VERSION;
  /** The app it was recorded from. */
  app: string;
  recordedAt: string;
  /** From the start of the recording to its stop. */
  durationMs: number;
  /** In the order they were sent. */
  deliveries: ScenarioDelivery[];
  /** Deliveries sent while recording that did not fit in the scenario (its limits, README). */
  leftOut: number;
}

/** `POST /__apps/scenarios/record`. */
export interface RecordRequest {
  /** The installed app whose deliveries are recorded. */
  app: string;
}

export interface RecordResponse {
  app: string;
  startedAt: string;
}

/** `POST /__apps/scenarios/replay`: answered once the last delivery has been sent. */
export interface ReplayRequest {
  scenario: Scenario;
  /** The installed app to send it to (any app with the scenario's webhook module keys). */
  app: string;
  /** How much faster than recorded (default 1; 2 is twice as fast). */
  speed?: number;
}

export interface ReplayResponse {
  app: string;
  speed: number;
  /** The deliveries it started, in order, as the log has them. */
  deliveries: DeliverySummary[];
}

/** The fastest replay: a thousand times the recorded rhythm. */
export const MAX_REPLAY_SPEED = 1000;

const HEADERS = { type: 'object', additionalProperties: { type: 'string' } } as const;

/** JSON Schema (Ajv) of a scenario file; what a schema cannot say the emulator checks after it. */
export const SCENARIO_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['format', 'version', 'app', 'recordedAt', 'durationMs', 'deliveries', 'leftOut'],
  properties: {
    format: { const: SCENARIO_FORMAT },
    version: { const: SCENARIO_VERSION },
    app: { type: 'string', minLength: 1, maxLength: 200 },
    recordedAt: { type: 'string' },
    durationMs: { type: 'number', minimum: 0 },
    leftOut: { type: 'integer', minimum: 0 },
    deliveries: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'id',
          'redeliveryOf',
          'offsetMs',
          'moduleKey',
          'method',
          'url',
          'headers',
          'body',
          'events',
          'eventCount',
        ],
        properties: {
          id: { type: 'integer', minimum: 1 },
          redeliveryOf: { type: ['integer', 'null'] },
          offsetMs: { type: 'number', minimum: 0 },
          moduleKey: { type: 'string', minLength: 1 },
          method: { const: 'POST' },
          url: { type: 'string' },
          headers: HEADERS,
          body: { type: 'string' },
          events: { type: 'array', items: { type: 'string' } },
          eventCount: { type: 'integer', minimum: 0 },
        },
      },
    },
  },
} as const;
