// The shapes of the editor's advanced filters (filters.ts): a filter's definition, its parameters and what
// converting it to CroQL gives.
export interface ChoiceOption {
  value: string;
  label: string;
}

export type ParamSpec =
  | { key: string; label: string; kind: 'datetime' }
  | { key: string; label: string; kind: 'user' }
  | { key: string; label: string; kind: 'number' }
  | { key: string; label: string; kind: 'text' }
  | { key: string; label: string; kind: 'labels' }
  | { key: string; label: string; kind: 'choice'; options: readonly ChoiceOption[] }
  /** An ordered, non-empty selection of options (each at most once). */
  | { key: string; label: string; kind: 'multiChoice'; options: readonly ChoiceOption[] };

/** datetime: `today` / `YYYY-MM-DD` / `YYYY-MM-DD HH:MM:SS`; user: a username; number: its digits. */
export type ParamValue = string | string[] | number[];
export type FilterParams = Record<string, ParamValue>;

export type ConversionResult =
  | { kind: 'exact'; croql: string }
  | { kind: 'approximation'; croql: string; note: string }
  | { kind: 'notExpressible'; reason: string };

export interface ConvertOptions {
  /** A language code: restricts languages-summary and translations conditions to that language. */
  pinLanguage?: string;
}

export type FilterCategory =
  | 'Dates'
  | 'Text'
  | 'Labels'
  | 'Translation status'
  | 'Duplicates'
  | 'Approval'
  | 'Engine'
  | 'Comments'
  | 'Screenshots'
  | 'Visibility'
  | 'QA issues'
  | 'String type'
  | 'Votes'
  | 'Members'
  | 'Not expressible';

export interface FilterDef {
  id: string;
  label: string;
  category: FilterCategory;
  params: readonly ParamSpec[];
  /** Conditions on languages summary or translations, which the pin restricts to one language. */
  pinnable: boolean;
  /** The editor offers it on the enterprise edition only. */
  enterpriseOnly?: boolean;
  /** `spec`: a row of the spec table; `ours`: our expression over the schema; `none`: no exact form. */
  origin: 'spec' | 'ours' | 'none';
  convert: (params: FilterParams, pin: string | undefined) => ConversionResult;
}
