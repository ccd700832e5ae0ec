/**
 * What the Spanish catalogue's parts share: the number and price formats, the
 * offices' Spanish names and the response promise. Data (prices, addresses,
 * links, ids) comes from the English modules; only the words are written here.
 */
import { localeTags } from '../../../lib/locale';
import { countOf } from '../../../lib/plural';
import { currency, lowestPrice } from '../../plans';
import type { Office } from '../../site';
import { offices, site } from '../../site';

export const intl = localeTags.es.intl;

/** Whole Canadian dollars as Colombia writes amounts ("$ 1.000"); the pages add "CAD" beside it. */
const priceFormat = new Intl.NumberFormat(intl, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 });
export const formatPrice = (price: number) => priceFormat.format(price);
export const fromPrice = `desde ${formatPrice(lowestPrice)} ${currency}`;

/** The English items with their words replaced, matched by a key; a missing translation fails loudly. */
export function translated<T, K extends string>(items: readonly T[], keyOf: (item: T) => K, words: Record<K, Partial<T>>): T[] {
  return items.map((item) => {
    const key = keyOf(item);
    if (!(key in words)) throw new Error(`Missing Spanish text for "${key}"`);
    return { ...item, ...words[key] };
  });
}

const cityNames: Record<Office['city'], string> = { Miami: 'Miami', Bogota: 'Bogotá', 'New York': 'Nueva York' };
export const cityList = 'Miami, Bogotá y Nueva York';

export const esOffices = translated(offices, (office) => office.city, {
  Miami: { name: 'Sede principal en Miami', specialties: ['Desarrollo web', 'Sistemas de voz con IA', 'Éxito del cliente'] },
  Bogota: { name: 'Estudio en Bogotá', specialties: ['Diseño y UX', 'Ingeniería', 'Mercados latinoamericanos'] },
  'New York': { name: 'Oficina en Nueva York', specialties: ['Marketing digital', 'Estrategia de pauta', 'Alianzas empresariales'] },
}).map((office) => ({ ...office, city: cityNames[office.city] }));

/** site.responseTimes in Spanish: the hours are read from it, never copied. */
const hours = (time: string) => countOf(intl, Number.parseInt(time, 10), { one: 'hora', other: 'horas' });
export const emailTime = hours(site.responseTimes.email);
export const quoteTime = hours(site.responseTimes.quote);
export const responsePromise = `Respondemos los correos en menos de ${emailTime} y las solicitudes de cotización en menos de ${quoteTime}.`;
export const emailUs = `escríbanos a ${site.email}`;

