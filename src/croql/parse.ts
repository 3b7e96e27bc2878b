// Text → typed AST (types.ts) + syntax diagnostics, in three steps, each in its own file: the input guards
// (parse-guards.ts) refuse what is too long or too deeply parenthesised before any parsing; the Lezer driver
// (parse-lezer.ts) parses with the grammar and words its error nodes; the AST builder (parse-ast.ts) builds
// the tree. Never throws.
import type { Tree } from '@lezer/common';
import { AstBuilder, errorNode } from './parse-ast.ts';
import { syntax, tidy } from './parse-diagnostic.ts';
import { guardInput } from './parse-guards.ts';
import { lezerTree, treeErrors } from './parse-lezer.ts';
import type { Diagnostic, Expr } from './types.ts';

export { MAX_NESTING, MAX_QUERY_LENGTH } from './parse-guards.ts';
export { isValidDatetime } from './datetime.ts';

export interface ParseResult {
  /** null only for blank text. */
  ast: Expr | null;
  diagnostics: Diagnostic[];
  /** The Lezer tree, when Lezer ran (not for input the guards refused). */
  tree: Tree | null;
}

/**
 * `tree`, optional: a Lezer tree of this parser for exactly this text (an editor's incremental parse). It is
 * used instead of parsing again only when it spans the text and has no error nodes (see parse-lezer.ts).
 */
export function parse(text: string, tree?: Tree): ParseResult {
  try {
    return parseUnguarded(text, tree);
  } catch (error) {
    // Not expected to happen; the contract is that parsing never throws, so report it instead.
    const message = error instanceof Error ? error.message : String(error);
    return {
      ast: errorNode(text, 0, text.length),
      diagnostics: [syntax('internalError', `The query could not be analysed (${message}).`, 0, text.length)],
      tree: null,
    };
  }
}

function parseUnguarded(text: string, supplied: Tree | undefined): ParseResult {
  if (text.trim() === '') return { ast: null, diagnostics: [], tree: null };
  const guard = guardInput(text);
  if (guard.refused)
    return { ast: errorNode(text, 0, text.length), diagnostics: [guard.refused], tree: null };

  const { tree, stoppedAt, clean } = lezerTree(text, supplied);
  const builder = new AstBuilder(text);
  const ast = builder.buildQuery(tree.topNode);
  const diagnostics = [...guard.diagnostics, ...builder.diagnostics];
  // Unbalanced parentheses make Lezer's recovery noisy; their own diagnostic says it better.
  if (guard.diagnostics.length === 0 && !clean) diagnostics.push(...treeErrors(tree, text, builder.tooDeep));
  const tidied = tidy(diagnostics);
  if (stoppedAt !== null && !builder.tooDeep.some((s) => stoppedAt >= s.from && stoppedAt <= s.to)) {
    tidied.push(
      syntax(
        'tooManyErrors',
        'Too many errors: the query was not checked past this point. Fix the errors before it first.',
        stoppedAt,
        text.length,
      ),
    );
  }
  return { ast, diagnostics: tidied, tree };
}
