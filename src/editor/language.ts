// The CroQL language for CodeMirror: the core's Lezer parser (its highlighting tags come with it).
import { LRLanguage, LanguageSupport } from '@codemirror/language';
import { parser } from '../croql/parser.ts';

export const croqlLanguage = LRLanguage.define({
  name: 'croql',
  parser,
  languageData: {
    closeBrackets: { brackets: ['(', '"', "'"] },
  },
});

export function croql(): LanguageSupport {
  return new LanguageSupport(croqlLanguage);
}
