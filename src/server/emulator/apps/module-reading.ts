// A module's 2xx answer read as the service reads it: the app's own error, the file or the strings (through
// the URLs it answers with, downloaded under the same rules as every call to an app), each checked as
// module-answer.ts says; or why the service would refuse it.
import type { ModuleCallResponse } from '../../../wire/app-module-calls.ts';
import { answerWindowSeconds } from '../../../wire/delivery-kinds.ts';
import type { EmulatorConfig } from '../config.ts';
import { languageInfo } from '../data/model.ts';
import type { Installations } from './installations.ts';
import {
  Problems,
  checkPreview,
  checkStrings,
  oneOf,
  parseNdjson,
  readEnvelope,
  type StringRules,
} from './module-answer.ts';
import type { Entry, Job } from './module-jobs.ts';
import type { AppCaller, OutgoingResult } from './outgoing.ts';

/** Bytes the emulator reads from a URL the app answers with (the point of a URL is to pass 5 MB; ours). */
const MAX_URL_BYTES = 50 * 1024 * 1024;

export type AnswerReading = Pick<ModuleCallResponse, 'appError' | 'failure' | 'result'>;

export class AnswerReader {
  constructor(private deps: { config: EmulatorConfig; installations: Installations; caller: AppCaller }) {}

  private get data() {
    return this.deps.config.data;
  }

  /** A 2xx answer read as the service reads it: the result, the app's own error, or why it is refused. */
  async read(
    result: OutgoingResult,
    job: Job,
    targets: string[],
    problems: Problems,
  ): Promise<AnswerReading> {
    if (result.truncated) {
      return {
        appError: null,
        result: null,
        failure: `The answer is larger than 5 MB, the service's limit: answer with a URL (data.contentUrl or data.stringsUrl) instead.`,
      };
    }
    const envelope = readEnvelope(result.body.toString('utf8'), problems);
    if (envelope.appError !== null) {
      return { appError: envelope.appError, failure: envelope.appError, result: null };
    }
    const data = envelope.data ? await this.readData(envelope.data, job, targets, problems) : null;
    const first = problems.list.find((p) => p.severity === 'error');
    const count = problems.errors;
    return {
      appError: null,
      result: data,
      failure: first
        ? `The answer is not what the service takes: ${count} error${count === 1 ? '' : 's'}, first ${first.pointer || 'the answer'}: ${first.message}`
        : null,
    };
  }

  /** Reads `data` for the job: the file or the strings (through their URLs), checked. */
  private async readData(
    data: Record<string, unknown>,
    job: Job,
    targets: string[],
    problems: Problems,
  ): Promise<ModuleCallResponse['result']> {
    const known =
      job.answers === 'content'
        ? ['content', 'contentUrl']
        : ['strings', 'stringsUrl', 'preview', 'previewUrl'];
    for (const k of Object.keys(data)) {
      if (!known.includes(k))
        problems.warning(
          `/data/${k}`,
          `data.${k} is not part of a ${job.jobType} answer; the service ignores it.`,
        );
    }
    if (job.answers === 'content') {
      const key = oneOf(data, 'content', 'contentUrl', problems, true);
      if (!key) return null;
      const bytes =
        key === 'content'
          ? Buffer.from(data.content as string, 'base64')
          : await this.download(data.contentUrl as string, '/data/contentUrl', problems);
      return bytes ? { content: bytes.toString('base64'), contentBytes: bytes.length } : null;
    }
    const key = oneOf(data, 'strings', 'stringsUrl', problems, true);
    let strings: unknown[] | null = null;
    if (key === 'strings') strings = data.strings as unknown[];
    else if (key === 'stringsUrl') {
      const bytes = await this.download(data.stringsUrl as string, '/data/stringsUrl', problems);
      if (bytes) strings = parseNdjson(bytes.toString('utf8'), '/data/stringsUrl', problems);
    }
    const rules: StringRules = {
      shape: job.answerShape!,
      sourcePlurals: languageInfo(this.data.project.sourceLanguageId).pluralCategoryNames,
      targets: Object.fromEntries(targets.map((t) => [t, languageInfo(t).pluralCategoryNames])),
      customTypes: this.customTypes(),
    };
    if (strings)
      checkStrings(strings, key === 'strings' ? '/data/strings' : '/data/stringsUrl', rules, problems);
    let preview: string | undefined;
    const previewKey = oneOf(data, 'preview', 'previewUrl', problems, false);
    if (previewKey) {
      const bytes =
        previewKey === 'preview'
          ? Buffer.from(data.preview as string, 'base64')
          : await this.download(data.previewUrl as string, '/data/previewUrl', problems);
      if (bytes) {
        preview = bytes.toString('utf8');
        if (targets.length)
          problems.warning(
            `/data/${previewKey}`,
            'The service makes a preview on source import only, not on a translation upload (this call has targetLanguages).',
          );
        if (strings) checkPreview(preview, strings, `/data/${previewKey}`, problems);
      }
    }
    return strings ? { strings, ...(preview === undefined ? {} : { preview }) } : null;
  }

  /** The `type`s of the installed custom file formats, which `attributes.crowdinType` may name. */
  private customTypes(): string[] {
    return this.deps.installations
      .list()
      .flatMap((a) => (a.manifest.modules?.['custom-file-format'] ?? []) as Entry[])
      .map((e) => String(e.type));
  }

  /** Reads a URL the app answered with (loopback rules and deadline as every call to an app). */
  private async download(url: string, at: string, problems: Problems): Promise<Buffer | null> {
    const result = await this.deps.caller.call({
      method: 'GET',
      url,
      // The module call's own answer window: the URL is part of its answer.
      timeoutMs: answerWindowSeconds('module-call', this.deps.config.apps)! * 1000,
      maxAnswerBytes: MAX_URL_BYTES,
    });
    if (result.error) {
      problems.error(at, `Could not download ${url}: ${result.error.message}`);
      return null;
    }
    if (result.truncated) {
      problems.error(at, `${url} is larger than ${mb(MAX_URL_BYTES)}, which the emulator reads at most.`);
      return null;
    }
    if (result.status === null || result.status < 200 || result.status > 299) {
      problems.error(
        at,
        `${url} answered ${result.status}; the service downloads it with a plain GET and needs a 2xx.`,
      );
      return null;
    }
    return result.body;
  }
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
