/** One rule set and number format per language, made on first use: each costs milliseconds to make, and a page counts several things. */
const formats = new Map<string, { plural: Intl.PluralRules; number: Intl.NumberFormat }>();

/** A count with the word that fits it in a language ("1 segundo", "60 segundos"), by the platform's CLDR plural rules. */
export function countOf(intlTag: string, count: number, forms: { one: string; other: string }): string {
  let format = formats.get(intlTag);
  if (!format) {
    format = { plural: new Intl.PluralRules(intlTag), number: new Intl.NumberFormat(intlTag) };
    formats.set(intlTag, format);
  }
  const form = format.plural.select(count) === 'one' ? forms.one : forms.other;
  return `${format.number.format(count)} ${form}`;
}
