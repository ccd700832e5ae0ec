/** One plural rule set per language, made on first use. */
const pluralRules = new Map<string, Intl.PluralRules>();

/** A language's plural rules: the form a count takes ("1 segundo", "60 segundos"), from the platform's CLDR data. */
function rulesFor(intlTag: string): Intl.PluralRules {
  let rules = pluralRules.get(intlTag);
  if (!rules) pluralRules.set(intlTag, (rules = new Intl.PluralRules(intlTag)));
  return rules;
}

/**
 * A count's digits. A page's first number format costs a phone's main thread (ICU's number data;
 * docs/decisions/021-spanish-and-catalogues-per-part.md), and the pages count small things: below 1,000 every language of the site writes
 * plain digits, so only larger counts, which languages group differently and which are rare, use one.
 * (catalogues.test.ts checks both ways agree in every language.)
 */
function digitsOf(intlTag: string, count: number): string {
  if (Number.isInteger(count) && count >= 0 && count < 1000) return String(count);
  return new Intl.NumberFormat(intlTag).format(count);
}

/** A count with the word that fits it in a language ("1 segundo", "60 segundos", "5.000 caracteres"). */
export function countOf(intlTag: string, count: number, forms: { one: string; other: string }): string {
  const form = rulesFor(intlTag).select(count) === 'one' ? forms.one : forms.other;
  return `${digitsOf(intlTag, count)} ${form}`;
}
