// The CroQL language for CodeMirror: the core's Lezer parser (its highlighting tags come with it).
import { LRLanguage, LanguageSupport } from '@codemirror/language';
import { parser } from '../croql/parser.ts';

/**
 * Smaller tree buffers than Lezer's default (1024 nodes): a whole 2 KB query fits in one buffer, and a buffer
 * is never reused by an incremental parse, so every keystroke reparsed all of it. With subtrees of at most
 * 128 nodes, an edit reparses little more than the clause it is in. The tree's structure is the same.
 */
const INCREMENTAL_BUFFER_LENGTH = 128;

export const croqlLanguage = LRLanguage.define({
  name: 'croql',
  parser: parser.configure({ bufferLength: INCREMENTAL_BUFFER_LENGTH }),
  languageData: {
    closeBrackets: { brackets: ['(', '"', "'"] },
  },
});

export function croql(): LanguageSupport {
  return new LanguageSupport(croqlLanguage);
}
