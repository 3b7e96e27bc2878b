// Running the query: one press of Run takes the workspace as it is at that moment, with the effective
// target, and works out once what is sent and its checked model. Whatever shows a run (the results, the
// funnel, the empty-result explanation, the history) reads the run, never the workspace again.
import { create } from 'zustand';
import type { Session } from '../auth/session.ts';
import {
  paramsForText,
  sentQuery,
  type AnalyzeResult,
  type ListingName,
  type ParamProblem,
  type TemplateParam,
} from '../croql/index.ts';
import { checkedModel, type CheckOptions } from '../croql/checked-model.ts';
import { useInspectorStore } from '../rows/requests.ts';
import type { QuerySetup } from './setup.ts';
import { useWorkspace, type Target } from './store.ts';

/** What Run would send for the workspace now. */
export interface PreparedRun {
  /** The query as sent (a template's, with its parameters substituted). */
  text: string;
  /** For a template: its text and the values it runs with. */
  template?: { text: string; params: TemplateParam[] };
  context: ListingName;
  /**
   * The checked model of what is sent. Its AST's ranges are in `text` (as sent); its diagnostics are in the
   * text as written (a template's), where the editor shows them.
   */
  model: AnalyzeResult;
  /** A template value that is missing or wrong: such a query is not sent. */
  problem: ParamProblem | null;
}

/** One press of Run: exactly the text, listing and target the user saw at that moment. */
export interface RunRequest extends Omit<PreparedRun, 'problem'> {
  target: Target;
  /** Distinguishes two runs of the same query (pressing Run again re-fetches). */
  nonce: number;
  startedAt: number;
}

/**
 * The workspace's query as Run sends it at `now`, analysed with `options` (the editor's: members, languages,
 * edition). A relative datetime value ("7 days ago") becomes the datetime it names at that moment. The
 * model is the one lint already computed for this text when nothing that decides it has changed.
 */
export function prepareRun(options: CheckOptions = {}, now = new Date()): PreparedRun {
  const { text, listing, params: known } = useWorkspace.getState();
  const params = paramsForText(text, known);
  const sent = sentQuery(text, params, now);
  return {
    text: sent.text,
    ...(sent.template ? { template: { text, params } } : {}),
    context: listing,
    model: checkedModel(text, listing, options, params, now),
    problem: sent.problem,
  };
}

interface RunState {
  current: RunRequest | null;
  actions: {
    /** Starts a run of `prepared` (by default, the workspace now) on the effective target (useTarget). */
    run: (target: Target, prepared?: PreparedRun) => void;
    clear: () => void;
  };
}

let nonce = 0;

export const useRunStore = create<RunState>()((set) => ({
  current: null,
  actions: {
    run: (target, prepared = prepareRun()) => {
      const { problem, ...query } = prepared;
      // A template runs only once every parameter has a valid value; its form then says what is missing.
      useWorkspace.getState().actions.refuseRun(problem !== null);
      if (problem) return;
      // The inspector lists the requests of this run only.
      useInspectorStore.getState().actions.clear();
      set({ current: { ...query, target, nonce: ++nonce, startedAt: Date.now() } });
    },
    clear: () => set({ current: null }),
  },
}));

export const useCurrentRun = () => useRunStore((s) => s.current);
export const useRunActions = () => useRunStore((s) => s.actions);

/** What the user wrote for this run: a template's text as edited, not the text sent. */
export const writtenText = (run: Pick<RunRequest, 'text' | 'template'>) => run.template?.text ?? run.text;

/**
 * Whether the workspace still holds what the user edited for `run`: the text as written and, for a
 * template, the type and value of each of its parameters. A relative value ("start of this week") is the
 * same edit at every run, whatever datetime it named when sent.
 */
export function sameEdit(
  run: Pick<RunRequest, 'text' | 'template'>,
  text: string,
  params: readonly TemplateParam[],
): boolean {
  if (text !== writtenText(run)) return false;
  const ran = run.template?.params ?? [];
  return (
    params.length === ran.length &&
    params.every((p, i) => p.name === ran[i]!.name && p.type === ran[i]!.type && p.value === ran[i]!.value)
  );
}

/** What a run was, as the Library keeps it: a template's text and values rather than the text sent. */
export function setupOfRun(run: RunRequest, session: Pick<Session, 'connection' | 'domain'>): QuerySetup {
  return {
    text: writtenText(run),
    ...(run.template ? { params: run.template.params } : {}),
    context: run.context,
    target: run.target,
    connection: session.connection,
    domain: session.domain,
  };
}
