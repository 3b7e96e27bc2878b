// A workflow step's settings page inside the view, as the service shows it: the app's page (the module's
// `url`) in a frame, opened with `?jwtToken=…&origin=…&clientId=…`. The page loads the emulator's bridge
// (`AP`, from `{origin}/apps/dist/iframe.js`); Save asks it to run `window.formRef.validateForm()` first and
// sends what the page gave `AP.formDataUpdated` to the step's `updateSettingsUrl` only when the form is
// valid (spec 000's settings contract). The messages: src/wire/apps.ts, BridgeMessage and BridgeRequest.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { keys } from '../connection/keys.ts';
import { announce } from '../ui/announce.ts';
import {
  APPS_PATHS,
  BRIDGE_PROTOCOL,
  BRIDGE_VERSION,
  type BridgeMessage,
  type BridgeRequest,
  type DeleteStepResponse,
  type SaveSettingsResponse,
  type StepInfo,
} from '../wire/apps.ts';
import { isRecord } from '../wire/json.ts';
import { control } from './client.ts';
import { AnswerOf, clock, Failure, ReadFailure } from './parts.tsx';
import { settingsPageQuery } from './queries.ts';
import { useAppsUiActions } from './store.ts';

/** How long Save waits for the page's answer to "validate" before saying the bridge is missing. */
export const VALIDATE_TIMEOUT_MS = 5000;

/** A bridge message from `frame` on `origin`, or null for anything else that arrives. */
export function bridgeMessage(
  event: Pick<MessageEvent, 'data' | 'origin' | 'source'>,
  frame: Window | null,
  origin: string,
): BridgeMessage | null {
  if (!frame || event.source !== frame || event.origin !== origin) return null;
  const data: unknown = event.data;
  if (!isRecord(data) || data.protocol !== BRIDGE_PROTOCOL || data.version !== BRIDGE_VERSION) return null;
  return data as unknown as BridgeMessage;
}

class SaveRefused extends Error {}

/** The form data the page last reported (undefined before it did), and whether its bridge is there. */
interface PageState {
  ready: boolean;
  data: unknown;
  problem: string | null;
}

/** Whether the form holds other settings than the step's saved ones (JSON compared). */
export function unsaved(data: unknown, saved: unknown): boolean {
  return data !== undefined && JSON.stringify(data) !== JSON.stringify(saved);
}

export function StepSettings(props: { origin: string; step: StepInfo; hasPage: boolean }) {
  const { origin, step } = props;
  const { openSettings } = useAppsUiActions();
  return (
    <div className="apps-settings" data-testid="step-settings">
      <div className="apps-actions">
        {props.hasPage && (
          <button type="button" onClick={() => openSettings(step.id)}>
            Open the settings page
          </button>
        )}
        <DeleteStep origin={origin} step={step} />
      </div>
      {step.settingsSavedAt !== null && (
        <details className="apps-saved-settings">
          <summary>
            Settings saved at <time dateTime={step.settingsSavedAt}>{clock(step.settingsSavedAt)}</time>
          </summary>
          <pre className="apps-pre" data-testid="saved-settings">
            {JSON.stringify(step.settings, null, 2)}
          </pre>
        </details>
      )}
    </div>
  );
}

export function SettingsPage(props: { origin: string; step: StepInfo }) {
  const { origin, step } = props;
  const { openSettings } = useAppsUiActions();
  const page = useQuery(settingsPageQuery(origin, step.appId, step.id));
  const frame = useRef<HTMLIFrameElement>(null);
  const pageOrigin = page.data ? new URL(page.data.url).origin : null;
  const [state, setState] = useState<PageState>({ ready: false, data: undefined, problem: null });
  const waiting = useRef(new Map<string, (m: Extract<BridgeMessage, { type: 'validated' }>) => void>());
  const queryClient = useQueryClient();
  const id = useId();

  useEffect(() => {
    if (!pageOrigin) return;
    const listener = (event: MessageEvent) => {
      const message = bridgeMessage(event, frame.current?.contentWindow ?? null, pageOrigin);
      if (!message) return;
      if (message.type === 'ready') setState((s) => ({ ...s, ready: true }));
      else if (message.type === 'formDataUpdated') {
        setState({ ready: true, data: message.data, problem: message.problem });
      } else if (message.type === 'validated') {
        waiting.current.get(message.requestId)?.(message);
        waiting.current.delete(message.requestId);
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [pageOrigin]);

  /** Asks the page to validate its form: its verdict and the data Save would send. */
  const validate = () =>
    new Promise<Extract<BridgeMessage, { type: 'validated' }>>((resolve, reject) => {
      const target = frame.current?.contentWindow;
      if (!target || !pageOrigin) return reject(new SaveRefused('The settings page is not open.'));
      const requestId = crypto.randomUUID();
      const timer = setTimeout(() => {
        waiting.current.delete(requestId);
        reject(
          new SaveRefused(
            `The settings page did not answer within ${VALIDATE_TIMEOUT_MS / 1000} s. It must load the bridge from ${page.data?.bridgeUrl} (as a page on Crowdin loads it from the origin it is given) and define window.formRef.validateForm(); nothing was sent.`,
          ),
        );
      }, VALIDATE_TIMEOUT_MS);
      waiting.current.set(requestId, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      const request: BridgeRequest = {
        protocol: BRIDGE_PROTOCOL,
        version: BRIDGE_VERSION,
        type: 'validate',
        requestId,
      };
      target.postMessage(request, pageOrigin);
    });

  const save = useMutation({
    mutationFn: async () => {
      const verdict = await validate();
      if (!verdict.valid) {
        throw new SaveRefused(
          `The form is not valid, so nothing was sent: ${verdict.problem ?? 'window.formRef.validateForm() returned false.'}`,
        );
      }
      return control<SaveSettingsResponse>(origin, APPS_PATHS.stepSettings(step.appId, step.id), {
        body: { settings: verdict.data },
      });
    },
    onSuccess: () => announce('Settings saved: the app took them.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apps(origin) }),
  });

  return (
    <section
      className="apps-subcard apps-settings-page"
      aria-labelledby={`${id}-title`}
      data-testid="settings-page"
    >
      <div className="apps-log-head">
        <h5 id={`${id}-title`}>
          Settings of step {step.title} <span className="hint">#{step.id}</span>
        </h5>
        <div className="apps-actions">
          <button
            type="button"
            className="button-primary"
            onClick={() => save.mutate()}
            disabled={!page.data || save.isPending}
          >
            Save
          </button>
          <button type="button" onClick={() => openSettings(null)}>
            Close
          </button>
        </div>
      </div>
      <ReadFailure origin={origin} read={page} />
      {page.data && (
        <>
          <p className="hint">
            <code className="apps-break">{new URL(page.data.url).pathname}</code> on the app, with a JWT valid
            until <time dateTime={page.data.expiresAt}>{clock(page.data.expiresAt)}</time>.{' '}
            {state.ready
              ? 'The page loaded the bridge.'
              : `Waiting for the page to load the bridge (${page.data.bridgeUrl})…`}
            {unsaved(state.data, step.settingsSavedAt === null ? undefined : step.settings) &&
              ' The form differs from the saved settings.'}
          </p>
          {state.problem && (
            <p role="alert" className="notice notice-warning">
              {state.problem}
            </p>
          )}
          <iframe
            ref={frame}
            className="apps-settings-frame"
            src={page.data.url}
            title={`Settings page of step ${step.title}`}
            // The app's page keeps its own origin (its calls to its backend need it); it may not navigate the
            // playground away.
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-modals"
          />
        </>
      )}
      {save.isError && <Failure error={save.error} />}
      {save.isSuccess && !save.isPending && (
        <div role="status" className="notice notice-info apps-failure">
          <p>Saved: the app took the settings (delivery #{save.data.deliveryId}).</p>
          <AnswerOf answer={save.data.answer} />
        </div>
      )}
    </section>
  );
}

function DeleteStep({ origin, step }: { origin: string; step: StepInfo }) {
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () =>
      control<DeleteStepResponse>(origin, APPS_PATHS.step(step.appId, step.id), { method: 'DELETE' }),
    onSuccess: (r) =>
      announce(r.problem ? `Step deleted; the app did not accept it: ${r.problem}` : 'Step deleted.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apps(origin) }),
  });
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)}>
        Delete the step…
      </button>
    );
  }
  return (
    <span role="group" aria-label={`Delete step ${step.title}?`} className="apps-confirm">
      Delete step {step.title}? It leaves the workflow; the app's deleteSettingsUrl is told.
      <button
        type="button"
        className="button-danger"
        onClick={() => remove.mutate()}
        disabled={remove.isPending}
      >
        Delete
      </button>
      <button type="button" className="button-ghost" onClick={() => setAsking(false)}>
        Cancel
      </button>
      {remove.isError && <Failure error={remove.error} />}
    </span>
  );
}
