// A workflow step's settings page inside the view, as the service shows it: the app's page (the module's
// `url`) in a frame, opened with `?jwtToken=…&origin=…&clientId=…`. The page loads the emulator's bridge
// (`AP`, from `{origin}/apps/dist/iframe.js`); Save asks it to run `window.formRef.validateForm()` first and
// sends what the page gave `AP.formDataUpdated` to the step's `updateSettingsUrl` only when the form is
// valid (spec 000's settings contract). The messages: src/wire/apps.ts, BridgeMessage and BridgeRequest.
//
// Opening the page is the user's act (a button), never a render's: the emulator logs each opening, and the
// page opened stays opened (not reopened) when the view is left and entered again (ui-walk D5).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { keys } from '../connection/keys.ts';
import { announce } from '../ui/announce.ts';
import { useResolvedTheme } from '../ui/theme.ts';
import type { BridgeMessage } from '../wire/ap-bridge.ts';
import type { StepInfo } from '../wire/apps.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { callApps } from './client.ts';
import { clock } from './format.ts';
import { AnswerOf, Confirm, Failure, ReadFailure } from './parts.tsx';
import { settingsPageQuery } from './queries.ts';
import { spoken } from './send.ts';
import { bridgeMessage, frameHeight, tellPage, unsaved, VALIDATE_TIMEOUT_MS } from './settings-page.ts';
import { useAppsUiActions } from './store.ts';

class SaveRefused extends Error {}

/** The form data the page last reported (undefined before it did), and whether its bridge is there. */
interface PageState {
  ready: boolean;
  data: unknown;
  problem: string | null;
  height: number | null;
}

/** Opens a step's settings page: a fresh URL and JWT from the emulator (which logs the opening). */
function useOpenSettings(origin: string, step: StepInfo) {
  const { openSettings } = useAppsUiActions();
  const queryClient = useQueryClient();
  return () => {
    const options = settingsPageQuery(origin, step.appId, step.id);
    // One page is open at a time: any other read (another step's) is let go with it.
    queryClient.removeQueries({ queryKey: options.queryKey.slice(0, 2) });
    openSettings(step.id);
    queryClient.fetchQuery(options).catch(() => {
      // Shown by the panel (its read failed).
    });
  };
}

export function StepSettings(props: { origin: string; step: StepInfo; hasPage: boolean; open: boolean }) {
  const { origin, step } = props;
  const open = useOpenSettings(origin, step);
  return (
    <div className="apps-settings" data-testid="step-settings">
      <div className="apps-actions">
        {props.hasPage && !props.open && (
          <button type="button" onClick={open}>
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
  const options = settingsPageQuery(origin, step.appId, step.id);
  // Read from the cache only: the button fetched it (useOpenSettings); mounting again must not reopen it.
  const page = useQuery({ ...options, enabled: false });
  const reopen = useOpenSettings(origin, step);
  const frame = useRef<HTMLIFrameElement>(null);
  const pageOrigin = page.data ? new URL(page.data.url).origin : null;
  const [state, setState] = useState<PageState>({
    ready: false,
    data: undefined,
    problem: null,
    height: null,
  });
  const waiting = useRef(new Map<string, (m: Extract<BridgeMessage, { type: 'validated' }>) => void>());
  const queryClient = useQueryClient();
  const theme = useResolvedTheme();
  const id = useId();

  // The theme the page follows: told at `ready` (below) and at each change.
  const themeRef = useRef(theme);
  useEffect(() => {
    themeRef.current = theme;
    tellPage(frame.current, pageOrigin, { type: 'theme', theme });
  }, [theme, pageOrigin]);

  const save = useMutation({
    mutationFn: async () => {
      const verdict = await validate();
      if (!verdict.valid) {
        throw new SaveRefused(
          `The form is not valid, so nothing was sent: ${verdict.problem ?? 'window.formRef.validateForm() returned false.'}`,
        );
      }
      return callApps(origin, APPS_ROUTES.saveSettings, {
        params: [step.appId, step.id],
        body: { settings: verdict.data },
      });
    },
    onSuccess: () => announce('Settings saved: the app took them.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apps(origin) }),
  });
  const resetSave = save.reset;

  useEffect(() => {
    if (!pageOrigin) return;
    const listener = (event: MessageEvent) => {
      const message = bridgeMessage(event, frame.current?.contentWindow ?? null, pageOrigin);
      if (!message) return;
      if (message.type === 'ready') {
        setState((s) => ({ ...s, ready: true }));
        // The page asks AP.getTheme as it loads: it hears the view's theme as soon as it is up.
        tellPage(frame.current, pageOrigin, { type: 'theme', theme: themeRef.current });
      } else if (message.type === 'formDataUpdated') {
        setState((s) => ({ ...s, ready: true, data: message.data, problem: message.problem }));
        // What Save said about the form before is about another form now (ui-walk D7).
        resetSave();
      } else if (message.type === 'height') {
        setState((s) => ({ ...s, height: message.height }));
      } else if (message.type === 'validated') {
        waiting.current.get(message.requestId)?.(message);
        waiting.current.delete(message.requestId);
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [pageOrigin, resetSave]);

  /** Asks the page to validate its form: its verdict and the data Save would send. */
  const validate = () =>
    new Promise<Extract<BridgeMessage, { type: 'validated' }>>((resolve, reject) => {
      if (!frame.current?.contentWindow || !pageOrigin) {
        return reject(new SaveRefused('The settings page is not open.'));
      }
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
      tellPage(frame.current, pageOrigin, { type: 'validate', requestId });
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
          <button
            type="button"
            onClick={() => {
              openSettings(null);
              queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
            }}
          >
            Close
          </button>
        </div>
      </div>
      <ReadFailure origin={origin} read={page} />
      {save.isError && <Failure error={save.error} />}
      {save.isSuccess && !save.isPending && (
        <div role="status" className="notice notice-info apps-failure">
          <p>Saved: the app took the settings (delivery #{save.data.deliveryId}).</p>
          <AnswerOf answer={save.data.answer} />
        </div>
      )}
      {!page.data && page.fetchStatus === 'idle' && !page.isError && (
        // Not read (the emulator restarted, or the cache let it go): opening it is the user's act again.
        <p className="hint">
          The page is not loaded.{' '}
          <button type="button" onClick={reopen}>
            Open it again
          </button>
        </p>
      )}
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
            // As tall as the page reports it is (the bridge's `height`): no inner scroller (ui-walk D6).
            style={{ height: `${frameHeight(state.height)}px` }}
            data-height={state.height ?? undefined}
            // The app's page keeps its own origin (its calls to its backend need it); it may not navigate the
            // playground away.
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-modals"
          />
        </>
      )}
    </section>
  );
}

function DeleteStep({ origin, step }: { origin: string; step: StepInfo }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => callApps(origin, APPS_ROUTES.deleteStep, { params: [step.appId, step.id] }),
    onSuccess: (r) =>
      announce(r.problem ? spoken(`Step deleted; the app did not accept it: ${r.problem}`) : 'Step deleted.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apps(origin) }),
  });
  return (
    <>
      <Confirm
        opener="Delete the step…"
        label={`Delete step ${step.title}?`}
        question={`Delete step ${step.title}? It leaves the workflow; the app's deleteSettingsUrl is told.`}
        confirm="Delete"
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
      />
      {remove.isError && <Failure error={remove.error} />}
    </>
  );
}
