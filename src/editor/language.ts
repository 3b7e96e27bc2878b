// The CroQL language for CodeMirror: the core's Lezer parser (its highlighting tags come with it).
import { LRLanguage, LanguageSupport } from '@codemirror/language';
import { parser } from '../croql/parser.ts';
import { INCREMENTAL_BUFFER_LENGTH } from '../croql/reparse.ts';

export const croqlLanguage = LRLanguage.define({
  name: 'croql',
  // Small buffers so an edit reparses little (see the core's reparse.ts).
  parser: parser.configure({ bufferLength: INCREMENTAL_BUFFER_LENGTH }),
  languageData: {
    closeBrackets: { brackets: ['(', '"', "'"] },
  },
});

export function croql(): LanguageSupport {
  return new LanguageSupport(croqlLanguage);
}
