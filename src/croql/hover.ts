// hover(text, pos, listing): what the thing under the cursor is. A name is described from the checked model
// (check.ts): the field it names in the scope it appears in, so `user` inside `translations where (…)` is
// the translation's author. Keywords and operators are described by the operator table (operators.ts);
// mentions and datetime literals are recognised from the tokens.
import { analyze } from './check.ts';
import { DATETIME_FORMS } from './datetime.ts';
import { article } from './english.ts';
import { languageName } from './explain.ts';
import { lex, type Token } from './lex.ts';
import { locate } from './locate.ts';
import { foreignDoc, operatorBySpelling } from './operators.ts';
import { countField, describeFieldType, typeLabel } from './schema.ts';
import type { AnalyzeOptions, AnalyzeResult, FieldDef, HoverInfo, ListingName, NodeInfo } from './types.ts';

export function hover(
  text: string,
  pos: number,
  listing: ListingName,
  options: AnalyzeOptions = {},
  /** The checked model of exactly `text` with `options`, when the caller has it (the language server's). */
  model?: AnalyzeResult,
): HoverInfo | null {
  const tokens = lex(text);
  const token = tokens.find((t) => t.from <= pos && pos < t.to) ?? tokens.find((t) => t.to === pos);
  if (!token) return null;
  const span = { from: token.from, to: token.to };
  switch (token.kind) {
    case 'name':
      return nameHover(model ?? analyze(text, listing, { ...options, tree: undefined }), pos);
    case 'keyword':
    case 'op': {
      const def = operatorBySpelling(token.value);
      if (def) return { ...span, title: def.title, body: def.long };
      const foreign = foreignDoc(token.value);
      return foreign ? { ...span, ...foreign } : null;
    }
    case 'mention':
      return mentionHover(token, text);
    case 'datetime': {
      const inner = text.slice(token.from + 1, token.closed ? token.to - 1 : token.to).trim();
      const body =
        inner.toLowerCase() === 'today'
          ? '00:00:00 UTC of the current day.'
          : /^\d{4}-\d{2}-\d{2}$/.test(inner)
            ? `${inner} at 00:00:00 UTC.`
            : `A datetime in UTC. Accepted forms: ${DATETIME_FORMS.map((f) => `'${f}'`).join(', ')}.`;
      return { ...span, title: `'${inner}'  datetime`, body };
    }
    default:
      return null;
  }
}

function mentionHover(token: Extract<Token, { kind: 'mention' }>, text: string): HoverInfo {
  const span = { from: token.from, to: token.to };
  const raw = text.slice(token.from, token.to);
  const value = token.quote
    ? text.slice(token.quote.from + 1, token.quote.closed ? token.quote.to - 1 : token.quote.to)
    : '';
  if (token.mentionKind === 'user') {
    return {
      ...span,
      title: `${raw}  user mention`,
      body: `The user whose username is "${value}" (matched case-insensitively), compared by id with fields such as \`user\` and \`createdBy\`.`,
    };
  }
  if (token.mentionKind === 'language') {
    return {
      ...span,
      title: `${raw}  language mention`,
      body: `The project language ${value ? languageName(value) + ` (code ${value})` : '(a code such as uk)'}, compared with \`language\` fields.`,
    };
  }
  return { ...span, title: raw, body: 'Mentions are `@user:"name"` and `@language:"code"`.' };
}

/** The name under the cursor, as the checker resolved it (the innermost node there, locate.ts). */
function nameHover(model: AnalyzeResult, pos: number): HoverInfo | null {
  const found = locate(model, pos);
  if (!found || found.node.kind !== 'identifier' || !found.info) return null;
  const { node, info } = found;
  const span = { from: node.from, to: node.to };
  if (!info.field) {
    const where = typeLabel(info.scopes[info.scopes.length - 1]!);
    return { ...span, title: node.raw, body: `Not a field of ${article(where)} here.` };
  }
  return {
    ...span,
    title: `${info.field.name}: ${describeFieldType(info.field.type)}`,
    body: fieldBody(info.field, info),
  };
}

function fieldBody(field: FieldDef, info: NodeInfo): string {
  const lines = [field.description];
  if (field === countField) lines.push('A member of every collection.');
  else lines.push(`Field of ${article(typeLabel(info.owner!))}; key \`${field.key}\`.`);
  if (field.enterpriseOnly) lines.push('Enterprise edition only.');
  if (field.enumValues?.length) lines.push(`Values: ${field.enumValues.join(', ')}.`);
  if (field.examples.length) lines.push(`Example: ${field.examples[0]}`);
  return lines.join('\n');
}
