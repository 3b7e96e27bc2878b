// Small pieces of English shared by messages, hover and explain.

/** "a user", "an approval", "a one-line…", "an hour" is not needed here. */
export function article(noun: string): string {
  return (/^[aeiou]/i.test(noun) && !/^(one|eu|u[bcfhjkqrst][aeiou])/i.test(noun) ? 'an ' : 'a ') + noun;
}

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[], conj: string): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} ${conj} ${items[1]}`;
  return `${items.slice(0, -1).join(', ')} ${conj} ${items[items.length - 1]}`;
}

/** " Did you mean `a` or `b`?" after a message, for the names nearest to an unknown one; "" for none. */
export function didYouMean(names: readonly string[]): string {
  return names.length ? ` Did you mean ${names.map((n) => `\`${n}\``).join(' or ')}?` : '';
}
