// Each rule checked by the core once, when the settings are saved, and planned from the checked model: a rule
// that reads only what a delivery carries runs locally through the compiled predicate (route.ts); any other
// runs through the project's strings listing with `croql`. The settings page shows the same plan and its
// reason. `{{language}}` is the templates' placeholder, substituted with the language being routed.
import {
  analyzeTemplate,
  findPlaceholders,
  schema,
  sentQuery,
  typeLabel,
  type AnalyzeResult,
  type Diagnostic,
  type ListingName,
  type TemplateParam,
} from '../croql/index.ts';
import type { RouterRule, RouterSettings, SettingsProblem } from './settings.ts';

const LISTING: ListingName = 'strings';
export const LANGUAGE_PARAM = 'language';

/** What the check knows of the project: members and target languages, when they could be fetched. */
export interface ProjectValues {
  users?: readonly { id: number; username: string }[];
  languages?: readonly string[];
}

export type RulePath = 'local' | 'api';

export interface RulePlan extends RouterRule {
  path: RulePath;
  /** Why this path, for a person (the settings page shows it). */
  why: string;
  /** The fields the rule reads, as a person writes them (`text`, `title of label`). */
  reads: string[];
  /** A local rule: the project's lists it needs to name what a delivery gives by id. */
  lookups: { labels: boolean; branches: boolean };
  /** The rule names `{{language}}`, so its text differs per language. */
  perLanguage: boolean;
}

/**
 * What a delivery's `translation` carries, by the type that has the field and the field's key. `lookup` marks
 * a field the delivery gives by id only (labels as `labelIds`, the branch as `file.branch.id`), read from the
 * project's list. A field absent here is read through the listing.
 */
const CARRIED: Record<string, Record<string, { lookup?: 'labels' | 'branches' }>> = {
  sourceString: Object.fromEntries(
    [
      'text',
      'identifier',
      'context',
      'maxLength',
      'typeIsPlain',
      'typeIsPlural',
      'typeIsIcu',
      'typeIsAsset',
      'isVisible',
      'isHidden',
      'isDuplicate',
      'file',
      'branch',
      'labels',
      'added',
      'updated',
    ].map((k) => [k, {}]),
  ),
  // `type` is not here: a delivery's file type is the service's internal name (`android8` in the docs'
  // example payload), not the one `type of file` compares with.
  file: { id: {}, name: {}, title: {} },
  branch: { id: {}, name: { lookup: 'branches' }, title: { lookup: 'branches' } },
  label: { id: {}, title: { lookup: 'labels' }, isSystem: { lookup: 'labels' } },
};

/** The keys of a source string a delivery carries (event-context.ts has a getter for each). */
export const CARRIED_KEYS: readonly string[] = Object.keys(CARRIED.sourceString!);

/** Fields a delivery carries in a form that does not match the listing's, and why (shown to the user). */
const NOT_COMPARABLE: Record<string, string> = {
  'file.type': "a delivery names the file's type differently from the listing",
};

/** The language the check substitutes when it has none: the project's first target, or English. */
function standInLanguage(values: ProjectValues): string {
  return values.languages?.[0] ?? 'en';
}

/** A rule's one parameter is the language routed: no datetime to work out, so any moment does. */
const ANY_MOMENT = new Date(0);

function languageParams(language: string): TemplateParam[] {
  return [{ name: LANGUAGE_PARAM, type: 'language', value: language }];
}

/** The query as it is sent for one language (the listing's `croql`). */
export function ruleText(query: string, language: string): string {
  return sentQuery(query, languageParams(language), ANY_MOMENT).text;
}

/** The core's checked model of a rule for one language (diagnostics at their places in the rule's text). */
export function ruleModel(
  query: string,
  values: ProjectValues,
  language = standInLanguage(values),
): AnalyzeResult {
  const model = analyzeTemplate(
    query,
    LISTING,
    { users: values.users, languages: values.languages, edition: 'enterprise' },
    languageParams(language),
    ANY_MOMENT,
  );
  const diagnostics = model.diagnostics.map((d) =>
    d.reason === 'templateParameter' && !d.message.startsWith(`Parameter ${LANGUAGE_PARAM}:`)
      ? { ...d, message: `Only {{${LANGUAGE_PARAM}}} can stand in a rule: it is the language being routed.` }
      : d,
  );
  return { ...model, diagnostics };
}

const quote = (name: string) => `“${name}”`;
const list = (names: readonly string[]) =>
  names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** How a person names a field the model resolved: `text`, `title of label`. */
function fieldName(name: string, owner: string): string {
  return owner === schema.contexts[LISTING] ? name : `${name} of ${typeLabel(owner)}`;
}

/** The plan of a rule whose model is valid: which fields it reads, and so where it runs. */
export function planFromModel(rule: RouterRule, model: AnalyzeResult): RulePlan {
  const reads: string[] = [];
  const notCarried: string[] = [];
  const notComparable: string[] = [];
  const lookups = { labels: false, branches: false };
  // An object or collection is named only when nothing inside it is: `name of file`, not `file` too.
  const containers = new Map<string, string>();
  const owners = new Set<string>();
  for (const info of model.nodes.values()) {
    const { field, owner } = info;
    if (!field || !owner) continue; // `count`: a member of every collection, read where its collection is
    const name = fieldName(field.name, owner);
    if (!reads.includes(name)) reads.push(name);
    owners.add(owner);
    const t = field.type;
    if (t.kind !== 'scalar') containers.set(name, t.kind === 'object' ? t.objectType : t.elementType);
    const carried = CARRIED[owner]?.[field.key];
    const odd = NOT_COMPARABLE[`${owner}.${field.key}`];
    if (odd) {
      if (!notComparable.includes(odd)) notComparable.push(odd);
    } else if (!carried) {
      notCarried.push(name);
    } else {
      if (carried.lookup) lookups[carried.lookup] = true;
    }
  }
  const perLanguage = findPlaceholders(rule.query).some((p) => p.name === LANGUAGE_PARAM);
  const shown = (name: string) => !owners.has(containers.get(name) ?? '');
  const named = reads.filter(shown);
  const missing = [...new Set(notCarried)].filter(shown).map(quote);
  const base = { ...rule, reads: named, perLanguage };
  if (missing.length || notComparable.length) {
    const why = [missing.length ? `a delivery does not carry ${list(missing)}` : '', ...notComparable].filter(
      Boolean,
    );
    return {
      ...base,
      path: 'api',
      why: `Runs through the project's strings listing: ${list(why)}.`,
      lookups: { labels: false, branches: false },
    };
  }
  const lists = [
    lookups.labels ? "label titles from the project's labels" : '',
    lookups.branches ? "branch names from the project's branches" : '',
  ].filter(Boolean);
  return {
    ...base,
    path: 'local',
    why:
      `Runs on each delivery: it reads only ${list(named.map(quote))}, which every delivery carries` +
      (lists.length ? ` (${list(lists)})` : '') +
      '.',
    lookups,
  };
}

export type RuleCheck =
  | { ok: true; plan: RulePlan; model: AnalyzeResult }
  | { ok: false; diagnostics: Diagnostic[]; model: AnalyzeResult };

/** Checks one rule's query with the core and plans it. */
export function checkRule(rule: RouterRule, values: ProjectValues): RuleCheck {
  const model = ruleModel(rule.query, values);
  if (!model.valid || !model.ast) {
    const errors = model.diagnostics.filter((d) => d.severity === 'error');
    return { ok: false, model, diagnostics: errors.length ? errors : model.diagnostics };
  }
  return { ok: true, model, plan: planFromModel(rule, model) };
}

/** A rule's problem, with the core's diagnostics (positions in the rule's query). */
export interface RuleProblem extends SettingsProblem {
  diagnostics?: Diagnostic[];
}

export type SettingsCheck = { ok: true; plans: RulePlan[] } | { ok: false; problems: RuleProblem[] };

/** Every rule through the core: the plans when all pass, else one problem per failing rule. */
export function planSettings(settings: RouterSettings, values: ProjectValues): SettingsCheck {
  const plans: RulePlan[] = [];
  const problems: RuleProblem[] = [];
  settings.rules.forEach((rule, i) => {
    const check = checkRule(rule, values);
    if (check.ok) plans.push(check.plan);
    else {
      const first = check.diagnostics[0];
      problems.push({
        pointer: `/rules/${i}/query`,
        message: `Rule ${i + 1}: ${first ? first.message : 'the query does not pass the check.'}`,
        diagnostics: check.diagnostics,
      });
    }
  });
  return problems.length ? { ok: false, problems } : { ok: true, plans };
}
