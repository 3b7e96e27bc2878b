// The language reference inside the app: the README's "The CroQL language" section, the one description
// of the language for people, rendered here so nobody has to leave the app for it. Lazy-loaded.
import readme from '../../README.md?raw';
import { Markdown, parseMarkdown } from './markdown.tsx';

const START = '## The CroQL language';

/** The section's body: from its heading to the next second-level heading. */
export function referenceSection(markdown: string): string {
  const from = markdown.indexOf(START);
  if (from < 0) return '';
  const body = markdown.slice(from + START.length);
  const end = body.search(/\n## /);
  return end < 0 ? body : body.slice(0, end);
}

const blocks = parseMarkdown(referenceSection(readme));

export default function Reference() {
  return (
    <div className="reference" data-testid="language-reference">
      <Markdown blocks={blocks} headingOffset={0} />
    </div>
  );
}
