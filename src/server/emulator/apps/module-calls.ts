// The service's calls to file-processing modules (custom file format, custom bundle generator, file
// pre/post-import and pre/post-export), with spec 000's envelope (docs: developer/modules/file-processing-
// modules/*.mdx): `{jobType, organization, project, file?, sourceLanguage, targetLanguages, strings? |
// stringsUrl?, customSrxContents?}`, POSTed with the JWT as `Authorization: Bearer` (the official
// framework requires one on these routes). The limits are the service's: 5 MB each way (above it the
// emulator sends URLs it serves), 2 minutes for the answer, 4 KB of customData per string. The answer is
// checked as module-answer.ts says and read through its URLs.
import { createHash } from 'node:crypto';
import type { ContextObject } from '../../../croql/index.ts';
import type { ModuleCallRequest, ModuleCallResponse, ModuleJobType } from '../../../wire/apps.ts';
import { answerWindowSeconds } from '../../../wire/apps.ts';
import { languageResource } from '../api/resources.ts';
import { compareTranslations } from '../api/top-translations.ts';
import type { EmulatorConfig } from '../config.ts';
import { languageInfo, type FileInfo } from '../data/model.ts';
import { appJwt } from './app-jwt.ts';
import type { Deliveries } from './deliveries.ts';
import { ControlError } from './errors.ts';
import { webOrigin } from './events.ts';
import type { Installation, Installations } from './installations.ts';
import { MODULE_CALL_GROUPS } from './manifest-schema.ts';
import {
  CUSTOM_DATA_LIMIT,
  MODULE_PAYLOAD_LIMIT,
  Problems,
  checkPreview,
  checkStrings,
  customDataMessage,
  oneOf,
  parseNdjson,
  readEnvelope,
  type AnswerKind,
  type StringRules,
  type StringShape,
} from './module-answer.ts';
import { ORGANIZATION_ID } from './options.ts';
import type { AppCaller, OutgoingResult } from './outgoing.ts';
import type { ServedFiles } from './served-files.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- context objects are untyped JSON */

/** Bytes the emulator reads from a URL the app answers with (the point of a URL is to pass 5 MB; ours). */
const MAX_URL_BYTES = 50 * 1024 * 1024;

type CallGroup = (typeof MODULE_CALL_GROUPS)[number];

/** What one job sends and answers (docs: each module page's request and response). */
interface Job {
  jobType: ModuleJobType;
  sendsFile: boolean;
  /** The shape of the strings sent, or null when the job sends none. */
  sends: StringShape | null;
  answers: AnswerKind;
  /** The shape of the strings answered (strings answers only). */
  answerShape: StringShape | null;
  /** Import jobs take no target language (a source upload) or one (a translation upload); export jobs one. */
  languages: 'import' | 'export';
  /** Several target languages in one call (the module's multilingual / multilingualExport). */
  multilingual: boolean;
}

type Entry = { key: string; url?: string } & Record<string, unknown>;

type AnswerReading = Pick<ModuleCallResponse, 'appError' | 'failure' | 'result'>;

function jobsOf(group: CallGroup, entry: Entry): Job[] {
  const job = (j: Omit<Job, 'multilingual'>, multilingual = false): Job => ({ ...j, multilingual });
  switch (group) {
    case 'custom-file-format':
      if (entry.stringsExport === true) {
        // The custom bundle generator: strings in, a bundle out, no source file.
        return [
          job(
            {
              jobType: 'build-file',
              sendsFile: false,
              sends: 'build-file',
              answers: 'content',
              answerShape: null,
              languages: 'export',
            },
            entry.multilingualExport === true,
          ),
        ];
      }
      return [
        job(
          {
            jobType: 'parse-file',
            sendsFile: true,
            sends: null,
            answers: 'strings',
            answerShape: 'parse-file',
            languages: 'import',
          },
          entry.multilingual === true,
        ),
        job(
          {
            jobType: 'build-file',
            sendsFile: true,
            sends: 'build-file',
            answers: 'content',
            answerShape: null,
            languages: 'export',
          },
          entry.multilingual === true,
        ),
      ];
    case 'file-pre-import':
      return [
        job({
          jobType: 'pre-import-file',
          sendsFile: true,
          sends: null,
          answers: 'content',
          answerShape: null,
          languages: 'import',
        }),
      ];
    case 'file-post-import':
      return [
        job({
          jobType: 'post-import-file',
          sendsFile: true,
          sends: 'post-import',
          answers: 'strings',
          answerShape: 'post-import',
          languages: 'import',
        }),
      ];
    case 'file-pre-export':
      return [
        job({
          jobType: 'pre-export-file',
          sendsFile: true,
          sends: 'build-file',
          answers: 'strings',
          answerShape: 'build-file',
          languages: 'export',
        }),
      ];
    case 'file-post-export':
      return [
        job({
          jobType: 'post-export-file',
          sendsFile: true,
          sends: null,
          answers: 'content',
          answerShape: null,
          languages: 'export',
        }),
      ];
  }
}

export interface ModuleCallDeps {
  config: EmulatorConfig;
  installations: Installations;
  deliveries: Deliveries;
  caller: AppCaller;
  files: ServedFiles;
}

export class ModuleCalls {
  constructor(private deps: ModuleCallDeps) {}

  private get data() {
    return this.deps.config.data;
  }

  /** The module `key` of the app, with its group, or a 404/409 that says what there is. */
  private module(app: Installation, key: string): { group: CallGroup; entry: Entry } {
    const modules = app.manifest.modules ?? {};
    for (const [group, entries] of Object.entries(modules)) {
      const entry = (entries as Entry[]).find((e) => e.key === key);
      if (!entry) continue;
      if (!(MODULE_CALL_GROUPS as readonly string[]).includes(group)) {
        throw new ControlError(
          409,
          'notCallable',
          `Module "${key}" is a ${group} module; this route calls ${MODULE_CALL_GROUPS.join(', ')} modules.`,
        );
      }
      return { group: group as CallGroup, entry };
    }
    const callable = MODULE_CALL_GROUPS.flatMap((g) => ((modules[g] ?? []) as Entry[]).map((e) => e.key));
    throw new ControlError(
      404,
      'unknownModule',
      `"${app.appId}" has no module "${key}". ${callable.length ? `Its file-processing modules: ${callable.join(', ')}.` : 'It has no file-processing module.'}`,
    );
  }

  async call(
    appId: string,
    key: string,
    request: ModuleCallRequest,
    origin: string,
  ): Promise<ModuleCallResponse> {
    const app = this.deps.installations.require(appId);
    const { group, entry } = this.module(app, key);
    const jobs = jobsOf(group, entry);
    const job = this.pickJob(group, key, jobs, request.jobType);
    const targets = this.targetLanguages(job, request.languages);
    const info = request.fileId === undefined ? null : this.projectFile(request.fileId);
    const file = this.file(job, request, info);
    const strings = job.sends ? this.strings(job, request, info, targets) : null;
    const problems = new Problems();
    const srx = group === 'custom-file-format' && entry.customSrxSupported === true;

    // The envelope, inline first; above 5 MB (or when asked), the file and the strings go as URLs.
    let transport: 'inline' | 'url' = request.transport === 'url' ? 'url' : 'inline';
    let contentUrl: string | null = null;
    let stringsUrl: string | null = null;
    const build = () =>
      Buffer.from(
        JSON.stringify({
          jobType: job.jobType,
          organization: {
            id: ORGANIZATION_ID,
            domain: this.deps.config.organization,
            baseUrl: webOrigin(this.deps.config.organization),
            apiBaseUrl: origin,
          },
          project: {
            id: this.data.project.id,
            identifier: this.data.project.identifier,
            name: this.data.project.name,
          },
          ...(file
            ? {
                file: {
                  id: file.id,
                  name: file.name,
                  ...(transport === 'url'
                    ? {
                        contentUrl: (contentUrl ??= this.deps.files.put(
                          origin,
                          file.bytes,
                          'application/octet-stream',
                        )),
                      }
                    : { content: file.bytes.toString('base64') }),
                },
              }
            : {}),
          sourceLanguage: moduleLanguage(this.data.project.sourceLanguageId),
          targetLanguages: targets.map(moduleLanguage),
          ...(strings
            ? transport === 'url'
              ? {
                  stringsUrl: (stringsUrl ??= this.deps.files.put(
                    origin,
                    ndjson(strings),
                    'application/x-ndjson',
                  )),
                }
              : { strings }
            : {}),
          ...(srx ? { customSrxContents: null } : {}),
        }),
      );
    let body = build();
    if (body.length > MODULE_PAYLOAD_LIMIT && transport === 'inline') {
      const inlineBytes = body.length;
      transport = 'url';
      body = build();
      const byUrl = [file ? 'the file as file.contentUrl' : '', strings ? 'the strings as stringsUrl' : '']
        .filter(Boolean)
        .join(' and ');
      problems.warning(
        '',
        `The call would be ${mb(inlineBytes)} inline, over the service's 5 MB, so the emulator sent ${byUrl} instead.`,
      );
    }
    if (body.length > MODULE_PAYLOAD_LIMIT) {
      throw new ControlError(
        413,
        'tooLarge',
        `The call is ${mb(body.length)} even with URLs; the service sends at most 5 MB.`,
      );
    }

    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (app.client) {
      const jwt = appJwt(app, {
        moduleKey: key,
        project: { id: this.data.project.id, identifier: this.data.project.identifier },
        domain: this.deps.config.organization,
        now: this.deps.config.clock(),
      });
      headers.Authorization = `Bearer ${jwt}`;
    } else {
      problems.warning(
        '',
        `"${appId}" has no OAuth app (authentication none): the call carries no JWT, and the official framework refuses such a call with 403.`,
      );
    }
    // Set by `judge` when the app answered a 2xx: what the service would make of it.
    let read = null as AnswerReading | null;
    const { record, result } = await this.deps.deliveries.sendOnce({
      kind: 'module-call',
      app,
      moduleKey: key,
      event: job.jobType,
      method: 'POST',
      url: `${app.baseUrl}${String(entry.url ?? '/')}`,
      headers,
      body,
      maxAnswerBytes: MODULE_PAYLOAD_LIMIT,
      judge: async (answer) => {
        read = await this.readAnswer(answer, job, targets, problems);
        // An error the app itself answered is an answer the service takes: the job failed, not the call.
        return read.appError === null ? read.failure : null;
      },
    });
    const attempt = record.attempts[0]!;
    const response: ModuleCallResponse = {
      appId,
      moduleKey: key,
      group,
      jobType: job.jobType,
      deliveryId: record.id,
      request: {
        bytes: body.length,
        transport,
        contentUrl,
        stringsUrl,
        strings: strings?.length ?? 0,
        targetLanguages: targets,
      },
      answer: attempt,
      ok: false,
      appError: null,
      failure: null,
      problems: [],
      result: null,
    };

    if (read) {
      Object.assign(response, read);
    } else if (result.error) {
      response.failure =
        result.error.code === 'timeout'
          ? `The app did not answer within ${record.timeoutMs / 1000} s (the service waits 2 minutes).`
          : result.error.message;
    } else {
      const envelope = readEnvelope(result.body.toString('utf8'), new Problems());
      response.appError = envelope.appError;
      response.failure = `The app answered ${attempt.status}${envelope.appError ? ` with the error "${envelope.appError}"` : ''}; the service takes a 2xx with {"data": …} or {"error": {"message"}}.`;
    }
    response.problems = problems.done();
    response.ok = response.failure === null;
    if (!response.ok && response.appError === null) {
      this.deps.installations.problem(appId, {
        severity: 'error',
        code: 'moduleCallFailed',
        deliveryId: record.id,
        message: `The ${job.jobType} call to module "${key}" failed: ${response.failure}`,
      });
    }
    return response;
  }

  /** A 2xx answer read as the service reads it: the result, the app's own error, or why it is refused. */
  private async readAnswer(
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

  private pickJob(group: CallGroup, key: string, jobs: Job[], jobType: unknown): Job {
    if (jobType === undefined && jobs.length === 1) return jobs[0]!;
    const job = jobs.find((j) => j.jobType === jobType);
    if (job) return job;
    const names = jobs.map((j) => j.jobType).join(' or ');
    throw new ControlError(
      400,
      'invalidJobType',
      jobType === undefined
        ? `Module "${key}" (${group}) takes jobType ${names}: say which.`
        : `Module "${key}" (${group}) takes jobType ${names}, not ${JSON.stringify(jobType)}.`,
    );
  }

  private targetLanguages(job: Job, raw: unknown): string[] {
    const project = this.data.project.targetLanguageIds;
    if (raw === undefined) return job.languages === 'import' ? [] : [project[0]!];
    if (!Array.isArray(raw) || raw.some((l) => typeof l !== 'string')) {
      throw new ControlError(400, 'invalidRequest', 'languages must be a list of language ids, e.g. ["uk"].');
    }
    const languages = [...new Set(raw as string[])];
    const unknown = languages.filter((l) => !project.includes(l));
    if (unknown.length) {
      throw new ControlError(
        400,
        'unknownLanguage',
        `${unknown.join(', ')}: not a target language of the project (${project.join(', ')}).`,
      );
    }
    if (job.languages === 'export' && languages.length === 0) {
      throw new ControlError(
        400,
        'invalidRequest',
        `A ${job.jobType} call is for a target language: give one, e.g. ["${project[0]}"].`,
      );
    }
    if (languages.length > 1 && !job.multilingual) {
      throw new ControlError(
        400,
        'notMultilingual',
        `The module is not multilingual (${job.jobType === 'build-file' && !job.sendsFile ? 'multilingualExport' : 'multilingual'} is not true): the service sends one target language per call.`,
      );
    }
    return languages;
  }

  /** The file the call carries: the project's file `fileId` (`info`) and/or the content given. */
  private file(
    job: Job,
    request: ModuleCallRequest,
    info: FileInfo | null,
  ): { id: number; name: string; bytes: Buffer } | null {
    if (!job.sendsFile) {
      if (request.content !== undefined || request.contentBase64 !== undefined) {
        throw new ControlError(
          400,
          'invalidRequest',
          `A bundle generator's ${job.jobType} call sends strings, not a file: leave out content (fileId picks the file whose strings go).`,
        );
      }
      return null;
    }
    if (request.content !== undefined && request.contentBase64 !== undefined) {
      throw new ControlError(400, 'invalidRequest', 'Give content (text) or contentBase64, not both.');
    }
    let bytes: Buffer | null = null;
    if (typeof request.content === 'string') bytes = Buffer.from(request.content, 'utf8');
    else if (request.content !== undefined)
      throw new ControlError(400, 'invalidRequest', 'content must be text.');
    if (request.contentBase64 !== undefined) {
      if (
        typeof request.contentBase64 !== 'string' ||
        !/^[A-Za-z0-9+/]*={0,2}$/.test(request.contentBase64)
      ) {
        throw new ControlError(400, 'invalidRequest', 'contentBase64 must be base64 text.');
      }
      bytes = Buffer.from(request.contentBase64, 'base64');
    }
    if (info) return { id: info.id, name: info.name, bytes: bytes ?? this.fileContent(info) };
    if (!bytes) {
      throw new ControlError(
        400,
        'invalidRequest',
        `A ${job.jobType} call carries a file: give fileId (a file of the project) or content.`,
      );
    }
    const name =
      typeof request.fileName === 'string' && request.fileName.trim() ? request.fileName.trim() : 'file.txt';
    return { id: 0, name, bytes };
  }

  private projectFile(fileId: unknown): FileInfo {
    const info = this.data.files.find((f) => f.id === fileId);
    if (!info) {
      throw new ControlError(
        404,
        'unknownFile',
        `No file ${JSON.stringify(fileId)} in project ${this.data.project.id}. Files: ${this.data.files.map((f) => `${f.id} ${f.name}`).join(', ') || 'none'}.`,
      );
    }
    return info;
  }

  private fileStrings(info: FileInfo | null): any[] {
    const all = this.data.strings as any[];
    return info ? all.filter((s) => s.file?.id === info.id) : all;
  }

  /** The emulator keeps no file bytes: a file's content is the JSON of its strings (identifier → text). */
  private fileContent(info: FileInfo): Buffer {
    const out: Record<string, unknown> = {};
    for (const s of this.fileStrings(info)) out[String(s.identifier)] = s.text;
    return Buffer.from(`${JSON.stringify(out, null, 2)}\n`);
  }

  /** The strings the call sends: the request's, or the file's (a bundle: the project's) from live data. */
  private strings(job: Job, request: ModuleCallRequest, info: FileInfo | null, targets: string[]): unknown[] {
    if (request.strings !== undefined) {
      if (
        !Array.isArray(request.strings) ||
        request.strings.some((s) => typeof s !== 'object' || s === null || Array.isArray(s))
      ) {
        throw new ControlError(400, 'invalidRequest', 'strings must be an array of string objects.');
      }
      request.strings.forEach((s, i) => {
        const data = (s as { customData?: unknown }).customData;
        if (typeof data === 'string' && Buffer.byteLength(data) > CUSTOM_DATA_LIMIT) {
          throw new ControlError(400, 'customDataTooLarge', customDataMessage(i, Buffer.byteLength(data)));
        }
      });
      return request.strings;
    }
    if (!info && job.sendsFile) return [];
    const uniq = info ? createHash('md5').update(info.path).digest('hex') : '';
    return this.fileStrings(info).map((s, i) => moduleString(s, job.sends!, targets, `${uniq}::${i + 1}`));
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

/** The envelope's language object (spec 000: without the webhook payloads' textDirection and dialectOf). */
function moduleLanguage(id: string): Record<string, unknown> {
  const { textDirection: _t, dialectOf: _d, ...language } = languageResource(languageInfo(id));
  return language;
}

function ndjson(strings: unknown[]): Buffer {
  return Buffer.from(strings.map((s) => JSON.stringify(s)).join('\n') + '\n');
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A string of the project as a module receives it (docs: "Strings Array Structure"): in a build or an
 * export, with its top translation in each target language (an untranslated one as the source text with
 * status `untranslated`, ours); in a post-import, with its `uniqId`.
 */
/** The top translation of a list (src/server/emulator/api/top-translations.ts's ranking), or null. */
function top(list: ContextObject[]): ContextObject | null {
  return list.reduce<ContextObject | null>(
    (best, t) => (!best || compareTranslations(t, best) < 0 ? t : best),
    null,
  );
}

const translationStatus = (t: ContextObject) =>
  (t.approvals as unknown[] | undefined)?.length ? 'approved' : 'translated';

function moduleString(
  s: any,
  shape: StringShape,
  targets: string[],
  uniqId: string,
): Record<string, unknown> {
  const plural = s.typeIsPlural === true;
  const translations: Record<string, unknown> = {};
  for (const lang of targets) {
    const mine = ((s.translations ?? []) as ContextObject[]).filter((t) => t.language === lang);
    if (!plural) {
      const best = top(mine);
      translations[lang] = best
        ? { text: best.text, status: translationStatus(best) }
        : { text: s.text, status: 'untranslated' };
      continue;
    }
    const text: Record<string, unknown> = {};
    const status: Record<string, string> = {};
    for (const form of languageInfo(lang).pluralCategoryNames) {
      const best = top(mine.filter((t) => t.pluralForm === form));
      text[form] = best ? best.text : (s.text?.[form] ?? s.text?.other ?? '');
      status[form] = best ? translationStatus(best) : 'untranslated';
    }
    translations[lang] = { text, status };
  }
  return {
    ...(shape === 'post-import' ? { uniqId } : { id: s.id }),
    identifier: s.identifier,
    context: s.context ?? '',
    maxLength: s.maxLength ? s.maxLength : null,
    isHidden: s.isHidden === true,
    hasPlurals: plural,
    labels: ((s.labels ?? []) as { title: string }[]).map((l) => l.title),
    text: s.text,
    ...(shape === 'post-import' && targets.length === 0 ? {} : { translations }),
  };
}
