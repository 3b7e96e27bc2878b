// Reads a scenario file (src/wire/scenarios.ts) from JSON, for `POST /__apps/scenarios/replay` and
// `apps replay FILE`: the scenario, or a ScenarioError that says what is wrong and what to do about it.
import { APPS_PATHS } from '../../../../wire/apps-routes.ts';
import { Ajv, type ErrorObject } from 'ajv';
import { isRecord } from '../../../../wire/json.ts';
import {
  SCENARIO_FORMAT,
  SCENARIO_SCHEMA,
  SCENARIO_VERSION,
  type Scenario,
} from '../../../../wire/scenarios.ts';

/** A scenario that cannot be replayed; the message says why and how to go on. */
export class ScenarioError extends Error {}

const WHAT_IT_IS = `A scenario is the JSON that POST ${APPS_PATHS.scenarioStop} (or \`npm run emulator -- apps record\`) gives.`;

let validate: ReturnType<Ajv['compile']> | null = null;

function where(e: ErrorObject): string {
  const at = e.instancePath.slice(1).replace(/\//g, '.');
  if (e.keyword === 'additionalProperties')
    return `${at || 'the scenario'} has an unknown key "${(e.params as { additionalProperty: string }).additionalProperty}"`;
  if (e.keyword === 'required')
    return `${at || 'the scenario'} lacks "${(e.params as { missingProperty: string }).missingProperty}"`;
  return `${at || 'the scenario'} ${e.message ?? 'is invalid'}`;
}

export function readScenario(value: unknown): Scenario {
  if (!isRecord(value))
    throw new ScenarioError(`This is not a scenario: it is not a JSON object. ${WHAT_IT_IS}`);
  if (value.format !== SCENARIO_FORMAT)
    throw new ScenarioError(
      `This is not a scenario: its "format" is ${JSON.stringify(value.format ?? null)}, not "${SCENARIO_FORMAT}". ${WHAT_IT_IS}`,
    );
  if (typeof value.version === 'number' && value.version > SCENARIO_VERSION)
    throw new ScenarioError(
      `This scenario is version ${value.version}, from a newer emulator; this one reads version ${SCENARIO_VERSION}. Replay it with the emulator that recorded it, or record it again with this one.`,
    );
  validate ??= new Ajv({ allErrors: true, strict: true }).compile(SCENARIO_SCHEMA);
  if (!validate(value)) {
    const problems = (validate.errors ?? []).slice(0, 5).map(where);
    throw new ScenarioError(
      `The scenario is damaged: ${problems.join('; ')}. Record it again, or fix those keys.`,
    );
  }
  const scenario = value as unknown as Scenario;
  const seen = new Set<number>();
  let previous = 0;
  for (const [i, d] of scenario.deliveries.entries()) {
    const name = `delivery ${i + 1} (id ${d.id})`;
    const problem = (words: string) =>
      new ScenarioError(`The scenario is damaged: ${name} ${words}. Record it again, or fix it.`);
    if (seen.has(d.id)) throw problem('has the id of an earlier delivery');
    if (d.offsetMs < previous) throw problem('is sent before the delivery above it (offsetMs goes down)');
    if (d.redeliveryOf !== null && !seen.has(d.redeliveryOf))
      throw problem(`names ${d.redeliveryOf} as the delivery it sends again, which is not above it`);
    let body: unknown;
    try {
      body = JSON.parse(d.body);
    } catch {
      throw problem('has a body that is not JSON');
    }
    if (!isRecord(body) || !Array.isArray(body.events))
      throw problem('has a body that is not {"events": […]}, what a webhook delivery carries');
    seen.add(d.id);
    previous = d.offsetMs;
  }
  return scenario;
}
