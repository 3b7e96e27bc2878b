// Highlighting tags of the grammar's nodes (attached to the parser through `@external propSource`).
// Pure @lezer/highlight: the editor maps the tags to colours.
import { styleTags, tags as t } from '@lezer/highlight';

export const highlighting = styleTags({
  Identifier: t.propertyName,
  Number: t.number,
  String: t.string,
  Datetime: t.special(t.string),
  Mention: t.special(t.variableName),
  'And Or Xor Not': t.logicOperator,
  'Of Where With Between Contains': t.operatorKeyword,
  'If Then Else': t.controlKeyword,
  CompareOp: t.compareOperator,
  'Plus Minus Times Divide': t.arithmeticOperator,
  'UnknownOp UnknownWordOp UnknownAnd UnknownOr UnknownNot': t.invalid,
  '( )': t.paren,
});
