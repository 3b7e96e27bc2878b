// What a module call carries, from the request and the project's live data: its target languages, its file
// (the project's, or content given), and its strings as a module receives them (docs: "Strings Array
// Structure"), each checked with a message that says what to give instead.
import { createHash } from 'node:crypto';
import type { ContextObject } from '../../../croql/index.ts';
import type { ModuleCallRequest } from '../../../wire/app-module-calls.ts';
import { languageResource } from '../api/resources.ts';
import { compareTranslations } from '../api/top-translations.ts';
import type { EmulatorConfig } from '../config.ts';
import { languageInfo, type FileInfo } from '../data/model.ts';
import { ControlError } from './errors.ts';
import { CUSTOM_DATA_LIMIT, customDataMessage, type StringShape } from './module-answer.ts';
import type { Job } from './module-jobs.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- context objects are untyped JSON */

export class CallContents {
  constructor(private config: EmulatorConfig) {}

  private get data() {
    return this.config.data;
  }

  targetLanguages(job: Job, raw: unknown): string[] {
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
  file(
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

  projectFile(fileId: unknown): FileInfo {
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
  strings(job: Job, request: ModuleCallRequest, info: FileInfo | null, targets: string[]): unknown[] {
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
}

/** The envelope's language object (spec 000: without the webhook payloads' textDirection and dialectOf). */
export function moduleLanguage(id: string): Record<string, unknown> {
  const { textDirection: _t, dialectOf: _d, ...language } = languageResource(languageInfo(id));
  return language;
}

export function ndjson(strings: unknown[]): Buffer {
  return Buffer.from(strings.map((s) => JSON.stringify(s)).join('\n') + '\n');
}

/** The top translation of a list (src/server/emulator/api/top-translations.ts's ranking), or null. */
function top(list: ContextObject[]): ContextObject | null {
  return list.reduce<ContextObject | null>(
    (best, t) => (!best || compareTranslations(t, best) < 0 ? t : best),
    null,
  );
}

const translationStatus = (t: ContextObject) =>
  (t.approvals as unknown[] | undefined)?.length ? 'approved' : 'translated';

/**
 * A string of the project as a module receives it (docs: "Strings Array Structure"): in a build or an
 * export, with its top translation in each target language (an untranslated one as the source text with
 * status `untranslated`, ours); in a post-import, with its `uniqId`.
 */
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
