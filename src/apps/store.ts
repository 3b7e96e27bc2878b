// The Apps view's own UI state: what is selected and typed, which survives closing and opening the view
// (nothing typed is lost). Everything the emulator knows is server state (./queries.ts), never copied here.
import { create } from 'zustand';
import type { StepStatus } from '../wire/apps.ts';
import type { DeliveryFilters } from './queries.ts';

export const LOG_PAGE = 50;

const NO_FILTERS: DeliveryFilters = { app: '', state: '', event: '', kind: '' };

/** What one step's panel shows: a language, a status ('' for all) and where in its strings. */
export interface StepView {
  languageId: string | null;
  status: StepStatus | '';
  offset: number;
}

const DEFAULT_STEP_VIEW: StepView = { languageId: null, status: '', offset: 0 };

interface AppsUiState {
  filters: DeliveryFilters;
  /** How many of the newest deliveries the log shows. */
  limit: number;
  selectedDelivery: number | null;
  installUrl: string;
  /** The CroQL text of each step's "send the strings matching this query" form. */
  sendQueries: Record<number, string>;
  stepViews: Record<number, StepView>;
  /** The step whose settings page is open, if any. */
  settingsStep: number | null;
  /** The emulator run the view last read (AppsSettings.startedAt), to tell when it restarted. */
  run: { origin: string; startedAt: string } | null;
  /** When the emulator restarted under the open view (its start), until the notice is dismissed. */
  restartedAt: string | null;
  /** App names the view has seen, by app id: the log names an uninstalled app's deliveries with them. */
  appNames: Record<string, string>;
  /** Whether the OAuth apps section is open; null until the user opens or closes it (then: open when none). */
  oauthOpen: boolean | null;
  actions: {
    setFilter: (name: keyof DeliveryFilters, value: string) => void;
    clearFilters: () => void;
    showMore: () => void;
    selectDelivery: (id: number | null) => void;
    setInstallUrl: (url: string) => void;
    setSendQuery: (stepId: number, text: string) => void;
    setStepView: (stepId: number, view: Partial<StepView>) => void;
    openSettings: (stepId: number | null) => void;
    /**
     * The run an overview came from; true when it is another run of the same emulator. Then the
     * selected delivery and the open settings page are let go: their ids name other things in the new run.
     */
    sawRun: (origin: string, startedAt: string) => boolean;
    dismissRestart: () => void;
    rememberAppNames: (apps: readonly { appId: string; name: string }[]) => void;
    setOAuthOpen: (open: boolean) => void;
  };
}

export const useAppsUi = create<AppsUiState>()((set, get) => ({
  filters: NO_FILTERS,
  limit: LOG_PAGE,
  selectedDelivery: null,
  installUrl: '',
  sendQueries: {},
  stepViews: {},
  settingsStep: null,
  run: null,
  restartedAt: null,
  appNames: {},
  oauthOpen: null,
  actions: {
    setFilter: (name, value) => set((s) => ({ filters: { ...s.filters, [name]: value }, limit: LOG_PAGE })),
    clearFilters: () => set({ filters: NO_FILTERS, limit: LOG_PAGE }),
    showMore: () => set((s) => ({ limit: s.limit + LOG_PAGE })),
    selectDelivery: (selectedDelivery) => set({ selectedDelivery }),
    setInstallUrl: (installUrl) => set({ installUrl }),
    setSendQuery: (stepId, text) => set((s) => ({ sendQueries: { ...s.sendQueries, [stepId]: text } })),
    setStepView: (stepId, view) =>
      set((s) => {
        const current = s.stepViews[stepId] ?? DEFAULT_STEP_VIEW;
        // A new language or status starts from the first page.
        const offset = view.offset ?? ('languageId' in view || 'status' in view ? 0 : current.offset);
        return { stepViews: { ...s.stepViews, [stepId]: { ...current, ...view, offset } } };
      }),
    openSettings: (settingsStep) => set({ settingsStep }),
    sawRun: (origin, startedAt) => {
      const before = get().run;
      if (before?.origin === origin && before.startedAt === startedAt) return false;
      const restarted = before?.origin === origin;
      set(
        restarted
          ? { run: { origin, startedAt }, restartedAt: startedAt, selectedDelivery: null, settingsStep: null }
          : { run: { origin, startedAt } },
      );
      return restarted;
    },
    dismissRestart: () => set({ restartedAt: null }),
    rememberAppNames: (apps) =>
      set((s) =>
        apps.every((a) => s.appNames[a.appId] === a.name)
          ? s
          : { appNames: { ...s.appNames, ...Object.fromEntries(apps.map((a) => [a.appId, a.name])) } },
      ),
    setOAuthOpen: (oauthOpen) => set({ oauthOpen }),
  },
}));

export const useAppsUiActions = () => useAppsUi((s) => s.actions);
export const useStepView = (stepId: number) => useAppsUi((s) => s.stepViews[stepId] ?? DEFAULT_STEP_VIEW);
