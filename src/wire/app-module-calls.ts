// What the service's call to an app's file-processing module (custom file format, bundle generator, file
// pre/post-import and pre/post-export) takes and answers on the control route `POST /__apps/{appId}/modules/{key}/call`.
// The emulator makes the call (src/server/emulator/apps/module-calls.ts); the Apps view and the CLI read it.
import type { Severity } from './app-manifest.ts';
import type { AttemptInfo } from './apps.ts';

/**
 * The `jobType` of each file-processing call. The pre/post-import and pre/post-export jobs are named as the
 * official framework dispatches on them (`@crowdin/app-project-module` out/modules/file-processing/types.js,
 * the same from 0.107 to 3.2.2), not as the docs' request examples name them (`file-post-import`, …): apps on
 * the real service run the framework, which answers any other name with an empty `{"data": {}}`. README,
 * "Develop a Crowdin app against the emulator", says why.
 */
export type ModuleJobType =
  | 'parse-file'
  | 'build-file'
  | 'pre-import-file'
  | 'post-import-file'
  | 'pre-export-file'
  | 'post-export-file';

/**
 * `POST /__apps/{appId}/modules/{key}/call`: the service's call to a custom file format (`parse-file`,
 * `build-file`), custom bundle generator (`build-file`) or file pre/post-import/export module.
 */
export interface ModuleCallRequest {
  /** Required when the module has more than one job (a custom file format: parse-file or build-file). */
  jobType?: ModuleJobType;
  /** A file of the project: its id, name and strings (and, without `content`, a JSON of its strings). */
  fileId?: number;
  /** The file's content as text (UTF-8) … */
  content?: string;
  /** … or as base64 bytes. */
  contentBase64?: string;
  /** The file name sent with `content` (default `file.txt`). */
  fileName?: string;
  /** The target languages (`targetLanguages`); by default none to parse, the first one to build. */
  languages?: string[];
  /** Strings to send instead of the file's (or, for a bundle, the project's) live strings. */
  strings?: unknown[];
  /** `url`: send the file as `contentUrl` and the strings as `stringsUrl` (NDJSON) served by the emulator. Above 5 MB the emulator does so anyway. */
  transport?: 'inline' | 'url';
}

export interface ModuleCallProblem {
  severity: Severity;
  /** A JSON pointer into the answer (`/data/strings/3/customData`), or `{url} line N` inside a URL's file. */
  pointer: string;
  message: string;
}

export interface ModuleCallResponse {
  appId: string;
  moduleKey: string;
  group: string;
  jobType: ModuleJobType;
  /** The call in the delivery log (kind `module-call`). */
  deliveryId: number;
  /** What was sent: its size, how, and the URLs the emulator served for it. */
  request: {
    bytes: number;
    transport: 'inline' | 'url';
    contentUrl: string | null;
    stringsUrl: string | null;
    strings: number;
    targetLanguages: string[];
  };
  answer: AttemptInfo;
  /** In time, within 5 MB, in the module's shape, and no `error` from the app. */
  ok: boolean;
  /** The app's `error.message`, shown to the user as it is. */
  appError: string | null;
  /** What went wrong, in one sentence (the app's own message when it gave one); null when ok. */
  failure: string | null;
  /** Shape errors (which make the call fail) and warnings. */
  problems: ModuleCallProblem[];
  /** What the app returned, read through its URLs when it gave URLs; null when nothing usable came. */
  result: {
    strings?: unknown[];
    /** The built file, base64. */
    content?: string;
    contentBytes?: number;
    /** The HTML preview, as text. */
    preview?: string;
  } | null;
}
