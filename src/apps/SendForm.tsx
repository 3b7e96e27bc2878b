// "Send the strings matching this query to the step": the playground's CroQL editor over the strings
// listing (completion from the step's project), checked as Run checks a query before anything is sent;
// the emulator then puts the strings its own listing returns on the step (NEED_PROCESS).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLiveValues } from '../connection/queries.ts';
import { keys } from '../connection/keys.ts';
import type { Edition, LiveValues } from '../croql/index.ts';
import { analyzeOptions } from '../editor/analyze-options.ts';
import { checkedModel } from '../croql/checked-model.ts';
import { QueryEditor } from '../editor/QueryEditor.tsx';
import { announce } from '../ui/announce.ts';
import { CodeText } from '../ui/CodeText.tsx';
import { APPS_PATHS, type SendRequest, type SendResponse, type StepInfo } from '../wire/apps.ts';
import { control } from './client.ts';
import { Failure, plural } from './parts.tsx';
import { overviewQuery } from './queries.ts';
import { useAppsUi, useAppsUiActions } from './store.ts';

const NO_PARAMS = [] as const;
const noReplacedText = () => null;

/** An empty query would send every string of the project: the form asks for one instead. */
const EMPTY_REFUSAL = 'Write the query first: the strings it matches are sent.';
export const EMPTY_HINT =
  'Write a query: the strings it matches are sent to the step (an empty one is not sent, it would match every string).';

/**
 * Why the query may not be sent (its first error, as lint shows it), or null when it may. The editor's
 * own question (no template values), so lint's model answers it.
 */
export function sendRefusal(text: string, edition: Edition, values: LiveValues): string | null {
  if (text.trim() === '') return EMPTY_REFUSAL;
  const model = checkedModel(text, 'strings', analyzeOptions({ edition, values }), NO_PARAMS, new Date());
  const errors = model.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0) return null;
  const first = [...errors].sort((a, b) => a.from - b.from)[0]!;
  return `The query has ${plural(errors.length, 'problem')}, so nothing was sent: ${first.message}`;
}

/** When the events go: batches are built when they go (README, "The emulator's choices"). */
function nextBatch(interval: number | null): string {
  if (interval === 0) return 'Their events go to the app at once.';
  const every =
    interval === null ? '' : interval === 60 ? ' (every minute, as the service)' : ` (every ${interval} s)`;
  return `Their events go to the app with the next batch${every}, or now with "Send queued now".`;
}

export function SendForm(props: { origin: string; step: StepInfo; edition: Edition }) {
  const { origin, step, edition } = props;
  const text = useAppsUi((s) => s.sendQueries[step.id] ?? '');
  const { setSendQuery } = useAppsUiActions();
  const values = useLiveValues(step.projectId);
  const [languages, setLanguages] = useState<readonly string[]>(step.languages);
  const [refusal, setRefusal] = useState<string | null>(null);
  const interval = useQuery(overviewQuery(origin)).data?.settings.batchIntervalSeconds ?? null;
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (request: SendRequest) =>
      control<SendResponse>(origin, APPS_PATHS.send(step.id), { body: request }),
    onSuccess: (r) => announce(`${plural(r.needProcess, 'string')} now wait on step ${step.title}.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apps(origin) }),
  });
  const submit = useCallback(() => {
    const why = sendRefusal(text, edition, values);
    setRefusal(why);
    if (why) {
      announce(why);
      return;
    }
    send.mutate({ croql: text, languages: [...languages] });
  }, [text, edition, values, languages, send]);
  const onChange = useCallback((t: string) => setSendQuery(step.id, t), [setSendQuery, step.id]);

  return (
    <form
      className="apps-send"
      // Named by step id too: two apps may each have a step of the same title (landmarks must differ).
      aria-label={`Send strings to step ${step.title} #${step.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h5>Send the strings matching this query to the step</h5>
      <QueryEditor
        label={`Query for step ${step.title} #${step.id}`}
        text={text}
        onChange={onChange}
        listing="strings"
        templateParams={NO_PARAMS}
        takeReplacedText={noReplacedText}
        values={values}
        edition={edition}
        onRun={submit}
        emptyHint={EMPTY_HINT}
      />
      <div className="apps-form-row">
        <fieldset className="apps-languages">
          <legend>Languages</legend>
          {step.languages.map((l) => (
            <label key={l}>
              <input
                type="checkbox"
                checked={languages.includes(l)}
                onChange={(e) =>
                  setLanguages(e.target.checked ? [...languages, l] : languages.filter((x) => x !== l))
                }
              />
              {l}
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          className="button-primary"
          disabled={send.isPending || languages.length === 0}
          title="Send (Ctrl+Enter in the editor)"
        >
          Send to the step
        </button>
      </div>
      {refusal && (
        <p role="alert" className="notice notice-warning">
          {/* One span: in the notice's flex row, bare text beside the code would be separate, gapped items. */}
          <span>
            <CodeText text={refusal} />
          </span>
        </p>
      )}
      {send.isError && <Failure error={send.error} />}
      {send.isSuccess && !refusal && (
        <p role="status" className="hint" data-testid="send-result">
          The query matched {plural(send.data.strings, 'string')}: {send.data.needProcess} now need processing
          in {send.data.languages.join(', ')}
          {send.data.incomplete > 0 &&
            `, ${send.data.incomplete} are incomplete (hidden strings are not routed to a step)`}
          . {nextBatch(interval)}
        </p>
      )}
    </form>
  );
}
