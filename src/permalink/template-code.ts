// Exported code for a template: its parameters become variables at the top of the snippet, and the CroQL
// is built from them with the same quoting the playground applies, so editing a value there is safe too.
import { findPlaceholders, renderValue, type ParamType, type TemplateParam } from '../croql/index.ts';

export interface TemplateCode {
  /** Lines declaring the parameters and the helpers, before the request. */
  prelude: string[];
  /** The expression (JS) or variable reference (shell) holding the query. */
  croql: string;
}

function jsStringLiteral(value: string): string {
  return /^[^'\\\n\r\u2028\u2029]*$/.test(value) ? `'${value}'` : JSON.stringify(value);
}

const NUMERIC: readonly ParamType[] = ['file', 'label', 'branch', 'number'];
const HINTS: Record<ParamType, string> = {
  language: 'a language code',
  member: 'a username',
  file: 'a file id',
  label: 'a label id',
  branch: 'a branch id',
  datetime: 'today, YYYY-MM-DD or YYYY-MM-DD HH:MM:SS (UTC)',
  number: 'a number',
  string: 'any text',
};

/**
 * A value as exported: a datetime relative to the run ("7 days ago") is written as the datetime it names at
 * the export, and its hint says so (the snippet holds no date arithmetic of its own).
 */
function exported(p: TemplateParam, now: Date): { value: string; hint: string } {
  const rendered = p.type === 'datetime' ? renderValue(p.type, p.value, now) : null;
  if (rendered?.ok && rendered.relative) {
    return {
      value: rendered.relative.datetime,
      hint: `${HINTS.datetime}; “${p.value.trim()}” when exported`,
    };
  }
  return { value: p.value, hint: HINTS[p.type] };
}

/** The JS for the fetch and client snippets: `const params = {…}` and a template literal. */
export function jsTemplate(text: string, params: readonly TemplateParam[], now = new Date()): TemplateCode {
  const types = new Map(params.map((p) => [p.name, p.type]));
  const entries = params.map((p) => {
    const { value: raw, hint } = exported(p, now);
    const value =
      NUMERIC.includes(p.type) && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? raw.trim() : jsStringLiteral(raw);
    return `  ${p.name}: ${value}, // ${hint}`;
  });
  const escape = (s: string) => s.replace(/[`\\]|\$\{/g, (m) => `\\${m}`);
  let literal = '';
  let last = 0;
  for (const ph of findPlaceholders(text)) {
    literal += escape(text.slice(last, ph.from));
    const ref = `params.${ph.name}`;
    const type = types.get(ph.name) ?? 'string';
    if (type === 'language') literal += ph.afterMention ? `\${str(${ref})}` : `@language:\${str(${ref})}`;
    else if (type === 'member') literal += ph.afterMention ? `\${str(${ref})}` : `@user:\${str(${ref})}`;
    else if (type === 'datetime') literal += `'\${${ref}}'`;
    else if (NUMERIC.includes(type)) literal += `\${num(${ref})}`;
    else literal += `\${str(${ref})}`;
    last = ph.to;
  }
  literal += escape(text.slice(last));
  return {
    prelude: [
      `// The template's parameters: change the values here.`,
      `const params = {`,
      ...entries,
      `};`,
      `// CroQL literals: a string in double quotes with \\" and \\\\ escaped; a negative number in parentheses.`,
      `const str = (value) => \`"\${String(value).replace(/[\\\\"]/g, '\\\\$&')}"\`;`,
      `const num = (value) => (Number(value) < 0 ? \`(\${Number(value)})\` : String(Number(value)));`,
    ],
    croql: `\`${literal}\``,
  };
}

/** The shell for the curl snippet: `param_<name>=…` variables and a `croql` variable built from them (bash). */
export function shellTemplate(
  text: string,
  params: readonly TemplateParam[],
  now = new Date(),
): TemplateCode {
  const types = new Map(params.map((p) => [p.name, p.type]));
  const quote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;
  const escape = (s: string) => s.replace(/[\\"$`]/g, (m) => `\\${m}`);
  let body = '';
  let last = 0;
  for (const ph of findPlaceholders(text)) {
    body += escape(text.slice(last, ph.from));
    const ref = `"$param_${ph.name}"`;
    const type = types.get(ph.name) ?? 'string';
    if (type === 'language')
      body += ph.afterMention ? `$(croql_string ${ref})` : `@language:$(croql_string ${ref})`;
    else if (type === 'member')
      body += ph.afterMention ? `$(croql_string ${ref})` : `@user:$(croql_string ${ref})`;
    else if (type === 'datetime') body += `'$param_${ph.name}'`;
    else if (NUMERIC.includes(type)) body += `$(croql_number ${ref})`;
    else body += `$(croql_string ${ref})`;
    last = ph.to;
  }
  body += escape(text.slice(last));
  return {
    prelude: [
      `# The template's parameters (bash): change the values here.`,
      ...params.map((p) => {
        const { value, hint } = exported(p, now);
        return `param_${p.name}=${quote(value)} # ${hint}`;
      }),
      `# A CroQL string literal: double quotes, with \\" and \\\\ escaped.`,
      `croql_string() { local s=\${1//\\\\/\\\\\\\\}; s=\${s//\\"/\\\\\\"}; printf '"%s"' "$s"; }`,
      `# A CroQL number: a negative one in parentheses.`,
      `croql_number() { case "$1" in -*) printf '(%s)' "$1" ;; *) printf %s "$1" ;; esac; }`,
      `croql="${body}"`,
    ],
    croql: '$croql',
  };
}
