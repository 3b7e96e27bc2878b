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
  actions: {
    setFilter: (name: keyof DeliveryFilters, value: string) => void;
    clearFilters: () => void;
    showMore: () => void;
    selectDelivery: (id: number | null) => void;
    setInstallUrl: (url: string) => void;
    setSendQuery: (stepId: number, text: string) => void;
    setStepView: (stepId: number, view: Partial<StepView>) => void;
    openSettings: (stepId: number | null) => void;
  };
}

export const useAppsUi = create<AppsUiState>()((set) => ({
  filters: NO_FILTERS,
  limit: LOG_PAGE,
  selectedDelivery: null,
  installUrl: '',
  sendQueries: {},
  stepViews: {},
  settingsStep: null,
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
  },
}));

export const useAppsUiActions = () => useAppsUi((s) => s.actions);
export const useStepView = (stepId: number) => useAppsUi((s) => s.stepViews[stepId] ?? DEFAULT_STEP_VIEW);
