// The service's calls to file-processing modules (custom file format, custom bundle generator, file
// pre/post-import and pre/post-export), with spec 000's envelope (docs: developer/modules/file-processing-
// modules/*.mdx): `{jobType, organization, project, file?, sourceLanguage, targetLanguages, strings? |
// stringsUrl?, customSrxContents?}`, POSTed with the JWT as `Authorization: Bearer` (the official
// framework requires one on these routes). The limits are the service's: 5 MB each way (above it the
// emulator sends URLs it serves), 2 minutes for the answer, 4 KB of customData per string. The answer is
// checked as module-answer.ts says and read through its URLs (module-reading.ts); what each kind of module
// takes is module-jobs.ts, what a call carries module-contents.ts.
import type { ModuleCallRequest, ModuleCallResponse } from '../../../wire/app-module-calls.ts';
import type { EmulatorConfig } from '../config.ts';
import { appJwt } from './app-jwt.ts';
import type { Deliveries } from './deliveries.ts';
import { ControlError } from './errors.ts';
import { webOrigin } from '../data/web-urls.ts';
import type { Installation, Installations } from './installations.ts';
import { MODULE_CALL_GROUPS } from './manifest-schema.ts';
import { MODULE_PAYLOAD_LIMIT, Problems, readEnvelope } from './module-answer.ts';
import { CallContents, moduleLanguage, ndjson } from './module-contents.ts';
import { jobsOf, type CallGroup, type Entry, type Job } from './module-jobs.ts';
import { AnswerReader, mb, type AnswerReading } from './module-reading.ts';
import { ORGANIZATION_ID } from './options.ts';
import type { AppCaller } from './outgoing.ts';
import type { ServedFiles } from './served-files.ts';

export interface ModuleCallDeps {
  config: EmulatorConfig;
  installations: Installations;
  deliveries: Deliveries;
  caller: AppCaller;
  files: ServedFiles;
}

export class ModuleCalls {
  private contents: CallContents;
  private reader: AnswerReader;

  constructor(private deps: ModuleCallDeps) {
    this.contents = new CallContents(deps.config);
    this.reader = new AnswerReader(deps);
  }

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
    const targets = this.contents.targetLanguages(job, request.languages);
    const info = request.fileId === undefined ? null : this.contents.projectFile(request.fileId);
    const file = this.contents.file(job, request, info);
    const strings = job.sends ? this.contents.strings(job, request, info, targets) : null;
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
        read = await this.reader.read(answer, job, targets, problems);
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
}
