// A router step's settings as they cross the wire: `{"rules": [{"query", "output"}], "default"}`, saved by
// the service's settings callback and edited on the settings page. This file checks the shape; whether each
// query passes the core's check is plan.ts's job. Pure: the settings page and the server share it.

/** The step's two outputs, as its manifest declares them (server/manifest.ts reads this list). */
export const OUTPUTS = [
  { port: 'true', title: 'Matched' },
  { port: 'false', title: 'Not matched' },
] as const;

export type OutputPort = (typeof OUTPUTS)[number]['port'];

export function isOutputPort(value: unknown): value is OutputPort {
  return OUTPUTS.some((o) => o.port === value);
}

export function outputTitle(port: OutputPort): string {
  return OUTPUTS.find((o) => o.port === port)!.title;
}

export interface RouterRule {
  /** CroQL over the strings listing; `{{language}}` stands for the language being routed. */
  query: string;
  output: OutputPort;
}

export interface RouterSettings {
  /** In order: a string goes to the output of the first rule it matches. */
  rules: RouterRule[];
  /** Where a string that matches no rule goes. */
  default: OutputPort;
}

export const EMPTY_SETTINGS: RouterSettings = { rules: [], default: 'false' };

/** Enough for any routing table a person writes; a list longer than this is a mistake, not a table. */
export const MAX_RULES = 50;
/** The same bound the playground's editor puts on one query. */
export const MAX_QUERY_LENGTH = 10_000;

/** One thing wrong with settings: where (a JSON pointer into them) and what, for a person. */
export interface SettingsProblem {
  pointer: string;
  message: string;
}

export type ShapeResult = { ok: true; settings: RouterSettings } | { ok: false; problems: SettingsProblem[] };

const PORTS = OUTPUTS.map((o) => `"${o.port}"`).join(' or ');

/** Reads settings from untrusted JSON: every problem at once, each at its place. */
export function readSettings(value: unknown): ShapeResult {
  const problems: SettingsProblem[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: [{ pointer: '', message: 'The settings must be a JSON object.' }] };
  }
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (key !== 'rules' && key !== 'default') {
      problems.push({ pointer: `/${key}`, message: `Unknown setting "${key}": only "rules" and "default".` });
    }
  }
  if (!isOutputPort(obj.default)) {
    problems.push({ pointer: '/default', message: `"default" must be the output ${PORTS}.` });
  }
  const rules: RouterRule[] = [];
  if (!Array.isArray(obj.rules)) {
    problems.push({ pointer: '/rules', message: '"rules" must be a list of {"query", "output"}.' });
  } else if (obj.rules.length > MAX_RULES) {
    problems.push({
      pointer: '/rules',
      message: `At most ${MAX_RULES} rules; this list has ${obj.rules.length}.`,
    });
  } else {
    obj.rules.forEach((rule: unknown, i) => {
      const at = `/rules/${i}`;
      if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) {
        problems.push({ pointer: at, message: `Rule ${i + 1} must be an object {"query", "output"}.` });
        return;
      }
      const r = rule as Record<string, unknown>;
      const extra = Object.keys(r).find((k) => k !== 'query' && k !== 'output');
      if (extra)
        problems.push({ pointer: `${at}/${extra}`, message: `Rule ${i + 1}: unknown key "${extra}".` });
      if (typeof r.query !== 'string' || r.query.trim() === '') {
        problems.push({ pointer: `${at}/query`, message: `Rule ${i + 1}: write a query.` });
      } else if (r.query.length > MAX_QUERY_LENGTH) {
        problems.push({
          pointer: `${at}/query`,
          message: `Rule ${i + 1}: the query is longer than ${MAX_QUERY_LENGTH.toLocaleString('en')} characters.`,
        });
      }
      if (!isOutputPort(r.output)) {
        problems.push({ pointer: `${at}/output`, message: `Rule ${i + 1}: "output" must be ${PORTS}.` });
      }
      rules.push({ query: String(r.query ?? ''), output: r.output as OutputPort });
    });
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, settings: { rules, default: obj.default as OutputPort } };
}
