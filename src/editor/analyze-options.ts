// What analyze() needs from the editor's configuration (or the Run button's: the same lists), apart from
// CodeMirror, so the shell can run the same check without loading the editor.
import type { AnalyzeOptions, Edition, LiveValues } from '../croql/index.ts';
import { PAGE_LIMIT } from '../wire/service-limits.ts';

/**
 * The service returns at most this many members in one page; a list that long may be cut short, so it
 * cannot prove a username unknown.
 */
const MEMBER_PAGE_LIMIT = PAGE_LIMIT;

/**
 * What analyze() needs from the configuration. A list is passed only once it is loaded and complete:
 * analyze() checks mentions against the lists it is given, and an absent list means "don't check".
 */
export function analyzeOptions(config: { values: LiveValues; edition: Edition }): AnalyzeOptions {
  const { users, languages } = config.values;
  return {
    users:
      users && users.length < MEMBER_PAGE_LIMIT
        ? users.map((u) => ({ id: u.id, username: u.username }))
        : undefined,
    languages: languages?.map((l) => l.id),
    edition: config.edition,
  };
}
