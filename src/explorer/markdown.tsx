// Just enough Markdown for the README's language reference, shown in the app: headings, paragraphs, nested
// bullet lists, tables, fenced code, and inline code, bold and links. Anything else shows as text.
import type { ReactNode } from 'react';

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: { text: string; children: Block[] }[] }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | { kind: 'code'; text: string };

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

/** Parses the Markdown subset into blocks. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
    } else if (/^#{1,6} /.test(line)) {
      const level = /^#+/.exec(line)![0].length;
      blocks.push({ kind: 'heading', level, text: line.slice(level + 1).trim() });
      i++;
    } else if (line.startsWith('```')) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
      blocks.push({ kind: 'code', text: body.join('\n') });
      i++;
    } else if (line.startsWith('|')) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(cells(lines[i]!));
      const [head = [], , ...body] = rows;
      blocks.push({ kind: 'table', head, rows: body });
    } else if (/^\s*- /.test(line)) {
      const start = i;
      for (; i < lines.length && (/^\s*- /.test(lines[i]!) || /^\s{2,}\S/.test(lines[i]!)); i++);
      blocks.push(parseList(lines.slice(start, i)));
    } else {
      const body: string[] = [];
      for (; i < lines.length && lines[i]!.trim() !== '' && !/^(#|\||```|\s*- )/.test(lines[i]!); i++) {
        body.push(lines[i]!.trim());
      }
      blocks.push({ kind: 'paragraph', text: body.join(' ') });
    }
  }
  return blocks;
}

function parseList(lines: string[]): Block & { kind: 'list' } {
  const indent = /^\s*/.exec(lines[0]!)![0].length;
  const items: { text: string; children: Block[] }[] = [];
  let nested: string[] = [];
  const flush = () => {
    if (nested.length && items.length) items.at(-1)!.children.push(parseList(nested));
    nested = [];
  };
  for (const line of lines) {
    const own = /^\s*/.exec(line)![0].length;
    if (own === indent && /^\s*- /.test(line)) {
      flush();
      items.push({ text: line.trim().slice(2), children: [] });
    } else if (own > indent && /^\s*- /.test(line)) nested.push(line);
    else if (nested.length) nested.push(line);
    else if (items.length) items.at(-1)!.text += ' ' + line.trim();
  }
  flush();
  return { kind: 'list', items };
}

/** Inline Markdown: `code`, **bold**, [text](url). */
export function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)]+)\)/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = out.length;
    if (m[1] !== undefined) out.push(<code key={key}>{m[1]}</code>);
    else if (m[2] !== undefined) out.push(<strong key={key}>{inline(m[2])}</strong>);
    else if (/^https?:\/\//.test(m[4]!)) {
      out.push(
        <a key={key} href={m[4]} target="_blank" rel="noopener noreferrer">
          {m[3]}
        </a>,
      );
    } else out.push(m[3]);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({
  blocks,
  headingOffset = 0,
}: {
  blocks: readonly Block[];
  headingOffset?: number;
}) {
  return <>{blocks.map((b, i) => renderBlock(b, i, headingOffset))}</>;
}

function renderBlock(block: Block, key: number, offset: number): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const level = Math.min(6, Math.max(2, block.level + offset));
      const Tag = `h${level}` as 'h2';
      return <Tag key={key}>{inline(block.text)}</Tag>;
    }
    case 'paragraph':
      return <p key={key}>{inline(block.text)}</p>;
    case 'code':
      return (
        <pre key={key} className="code-block" tabIndex={0}>
          <code>{block.text}</code>
        </pre>
      );
    case 'list':
      return (
        <ul key={key}>
          {block.items.map((item, i) => (
            <li key={i}>
              {inline(item.text)}
              {item.children.map((c, j) => renderBlock(c, j, offset))}
            </li>
          ))}
        </ul>
      );
    case 'table':
      return (
        <div key={key} className="md-table" role="region" aria-label="Table" tabIndex={0}>
          <table>
            <thead>
              <tr>
                {block.head.map((h, i) => (
                  <th key={i} scope="col">
                    {inline(h)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((c, j) => (
                    <td key={j}>{inline(c)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}
