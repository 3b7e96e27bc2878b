// "Send the strings matching this query to the step": the playground's CroQL editor over the strings
// listing (completion from the step's project), checked as Run checks a query before anything is sent;
// the emulator then puts the strings its own listing returns on the step (NEED_PROCESS).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLiveValues } from '../connection/queries.ts';
import { keys } from '../connection/keys.ts';
import type { Edition } from '../croql/index.ts';
import { QueryEditor } from '../editor/QueryEditor.tsx';
import { announce } from '../ui/announce.ts';
import { CodeText } from '../ui/CodeText.tsx';
import { type SendRequest, type StepInfo } from '../wire/apps.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { callApps } from './client.ts';
import { plural, sendResultText } from './format.ts';
import { EMPTY_HINT, nextBatch, sendRefusal, spoken } from './send.ts';
import { useProjectNames } from './names.ts';
import { Failure } from './parts.tsx';
import { overviewQuery } from './queries.ts';
import { useAppsUi, useAppsUiActions } from './store.ts';

const NO_PARAMS = [] as const;
const noReplacedText = () => null;

export function SendForm(props: { origin: string; step: StepInfo; edition: Edition }) {
  const { origin, step, edition } = props;
  const text = useAppsUi((s) => s.sendQueries[step.id] ?? '');
  const { setSendQuery } = useAppsUiActions();
  const values = useLiveValues(step.projectId);
  const names = useProjectNames(step.projectId);
  const [languages, setLanguages] = useState<readonly string[]>(step.languages);
  const [refusal, setRefusal] = useState<string | null>(null);
  const interval = useQuery(overviewQuery(origin)).data?.settings.batchIntervalSeconds ?? null;
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (request: SendRequest) =>
      callApps(origin, APPS_ROUTES.send, { params: [step.id], body: request }),
    onSuccess: (r) => announce(`${plural(r.needProcess, 'string')} now wait on step ${step.title}.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apps(origin) }),
  });
  const submit = useCallback(() => {
    const why = sendRefusal(text, edition, values);
    setRefusal(why);
    if (why) {
      announce(spoken(why));
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
                value={l}
                checked={languages.includes(l)}
                onChange={(e) =>
                  setLanguages(e.target.checked ? [...languages, l] : languages.filter((x) => x !== l))
                }
              />
              {names.language(l)} <span className="hint">{l}</span>
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
          {sendResultText(send.data, names.language)} {nextBatch(interval)}
        </p>
      )}
    </form>
  );
}
