/**
 * What the Spanish catalogue's parts share: the number and price formats, the
 * offices' Spanish names and the response promise. Data (prices, addresses,
 * links, ids) comes from the locale-neutral data.ts; only the words are written here.
 */
import { localeTags } from '../../../lib/locale';
import { translated } from '../../../lib/locale';
import { countOf } from '../../../lib/plural';
import type { City } from '../../data';
import { currency, lowestPrice, officeFacts, siteFacts } from '../../data';

export const intl = localeTags.es.intl;

/**
 * Whole Canadian dollars as Colombia writes amounts ("$ 1.000"); the pages add "CAD" beside it.
 * Written out as the English "$1000" is: a number format would cost a phone's main thread when a Spanish
 * page starts (docs/decisions/021-spanish-and-catalogues-per-part.md). catalogues.test.ts checks it against
 * Intl's es-CO currency format.
 */
export const formatPrice = (price: number) => `$\u00a0${String(price).replace(/\B(?=(\d{3})+$)/g, '.')}`;
export const fromPrice = `desde ${formatPrice(lowestPrice)} ${currency}`;

const cityNames: Record<City, string> = { Miami: 'Miami', Bogota: 'Bogotá', 'New York': 'Nueva York' };
export const cityList = 'Miami, Bogotá y Nueva York';

export const esOffices = translated(officeFacts, (office) => office.city, {
  Miami: {
    name: 'Sede principal en Miami',
    specialties: ['Desarrollo web', 'Sistemas de voz con IA', 'Atención y éxito de clientes'],
  },
  Bogota: { name: 'Estudio en Bogotá', specialties: ['Diseño y UX', 'Ingeniería', 'Mercados latinoamericanos'] },
  'New York': {
    name: 'Oficina en Nueva York',
    specialties: ['Marketing digital', 'Estrategia de pauta', 'Alianzas empresariales'],
  },
}).map((office) => ({ ...office, city: cityNames[office.city] }));

/** siteFacts.responseTimes in Spanish: the hours are read from it, never copied. */
const hours = (time: string) => countOf(intl, Number.parseInt(time, 10), { one: 'hora', other: 'horas' });
export const emailTime = hours(siteFacts.responseTimes.email);
export const quoteTime = hours(siteFacts.responseTimes.quote);
export const responsePromise = `Respondemos los correos en menos de ${emailTime} y las solicitudes de cotización en menos de ${quoteTime}.`;
/** The offices' opening hours, in the team's Eastern time. */
export const officeHours = 'Lunes a viernes, de 9:00 a. m. a 6:00 p. m. (hora del este de EE. UU.)';
export const emailUs = `escríbanos a ${siteFacts.email}`;
