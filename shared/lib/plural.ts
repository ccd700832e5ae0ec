/** A count with the word that fits it in a language ("1 segundo", "60 segundos"), by the platform's CLDR plural rules. */
export function countOf(intlTag: string, count: number, forms: { one: string; other: string }): string {
  const form = new Intl.PluralRules(intlTag).select(count) === 'one' ? forms.one : forms.other;
  return `${new Intl.NumberFormat(intlTag).format(count)} ${form}`;
}
