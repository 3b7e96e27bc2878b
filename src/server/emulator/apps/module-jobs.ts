// What each kind of file-processing module is called with and answers (docs: each module page's request
// and response): its jobs, whether a job sends a file and strings, what it answers, and its languages.
import type { ModuleJobType } from '../../../wire/app-module-calls.ts';
import type { MODULE_CALL_GROUPS } from './manifest-schema.ts';
import type { AnswerKind, StringShape } from './module-answer.ts';

export type CallGroup = (typeof MODULE_CALL_GROUPS)[number];

/** What one job sends and answers (docs: each module page's request and response). */
export interface Job {
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

export type Entry = { key: string; url?: string } & Record<string, unknown>;

export function jobsOf(group: CallGroup, entry: Entry): Job[] {
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
