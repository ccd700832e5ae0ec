/** The Spanish contact page's form: its labels, its errors and its messages (contactInfo.ts holds the rest of the page). */
import { localeTags } from '../../../lib/locale';
import { translated } from '../../../lib/locale';
import { countOf } from '../../../lib/plural';
import type { Failure } from '../../contactFields';
import { FIELD_LIMITS, HEARD_VALUES, SERVICE_VALUES } from '../../contactFields';
import type { Catalogue } from '../types';
import { emailTime, emailUs, quoteTime } from './shared';

const intl = localeTags.es.intl;

const characters = (count: number) => countOf(intl, count, { one: 'carácter', other: 'caracteres' });

function failureMessage(failure: Failure): string {
  switch (failure.kind) {
    case 'invalid':
      return 'Su mensaje no se envió: revise los campos marcados y vuelva a enviarlo.';
    case 'tooLarge':
      return `Su mensaje no se envió porque es demasiado largo. Acórtelo a ${characters(FIELD_LIMITS.message)} o menos e inténtelo de nuevo, o ${emailUs}.`;
    case 'rateLimited':
      return `Su mensaje no se envió porque desde su conexión se enviaron varios en poco tiempo. Inténtelo de nuevo en ${countOf(intl, failure.retryAfterSeconds ?? 60, { one: 'segundo', other: 'segundos' })}, o ${emailUs}.`;
    case 'rejected':
      return `Su mensaje no se envió: nuestro servidor no pudo aceptarlo. Revíselo e inténtelo de nuevo, o ${emailUs}.`;
    case 'server':
      return `Su mensaje no se envió por un problema de nuestra parte. Inténtelo de nuevo en unos minutos, o ${emailUs}.`;
    case 'network':
      return `Su mensaje no se envió: no pudimos comunicarnos con nuestro servidor. Revise su conexión e inténtelo de nuevo, o ${emailUs}.`;
    case 'timeout':
      return `Su mensaje no se envió: nuestro servidor tardó demasiado en responder. Inténtelo de nuevo, o ${emailUs}.`;
  }
}

export const contact: Catalogue['contact'] = {
  head: {
    title: 'Contáctenos | Meridian Lab',
    description: `Pida una cotización gratuita o hable con nuestro equipo en Miami, Bogotá o Nueva York. Respondemos correos en ${emailTime} y cotizaciones en ${quoteTime}.`,
    keywords: ['contacto', 'cotización gratuita', 'agencia de desarrollo web', 'Miami', 'Bogotá', 'Nueva York'],
  },
  form: {
    title: 'Envíenos un mensaje',
    intro:
      'Cuéntenos qué está construyendo. Le responderemos con los siguientes pasos y, si quiere, una cotización gratuita.',
    requiredNote: 'Los campos marcados con * son obligatorios.',
    submit: 'Enviar mensaje',
    sending: 'Enviando mensaje…',
    success: `¡Gracias por su mensaje! Le responderemos en menos de ${quoteTime}.`,
    privacy:
      'Usamos sus datos para responder su mensaje y para contar cuáles de nuestras fuentes y campañas nos traen consultas. Puede conocerlos, actualizarlos, rectificarlos o suprimirlos en cualquier momento.',
    honeypot: 'Deje este campo vacío',
    notStored: 'No pudimos guardar su mensaje. Inténtelo de nuevo más tarde.',
  },
  failureMessage,
  fieldCopy: {
    name: { label: 'Nombre completo', placeholder: 'María Gómez' },
    email: { label: 'Correo electrónico', placeholder: 'maria@empresa.com' },
    company: { label: 'Empresa u organización', placeholder: 'Su empresa' },
    phone: { label: 'Teléfono', placeholder: '+57 300 123 4567' },
    service: { label: 'Servicio de interés', placeholder: '' },
    message: { label: 'Mensaje', placeholder: 'Cuéntenos sobre su proyecto, sus metas y sus tiempos…' },
    heard: { label: '¿Cómo supo de nosotros?', placeholder: 'Escoja una opción' },
    heardtext: { label: 'Cuéntenos más', placeholder: 'El evento, el sitio o la persona' },
  },
  fieldErrors: {
    notText: 'Escriba este dato como texto.',
    tooLong: {
      name: `Acorte su nombre a ${characters(FIELD_LIMITS.name)} o menos.`,
      email: `Acorte su correo electrónico a ${characters(FIELD_LIMITS.email)} o menos.`,
      company: `Acorte el nombre de la empresa a ${characters(FIELD_LIMITS.company)} o menos.`,
      phone: `Acorte el teléfono a ${characters(FIELD_LIMITS.phone)} o menos.`,
      service: 'Escoja un servicio de la lista.',
      // Worded when first read: its "5.000" takes a number format, which the page would otherwise build as it starts.
      get message() {
        return `Acorte su mensaje a ${characters(FIELD_LIMITS.message)} o menos.`;
      },
      heard: 'Escoja una respuesta de la lista.',
      heardtext: `Acorte este dato a ${characters(FIELD_LIMITS.heardtext)} o menos.`,
    },
    missing: {
      name: 'Escriba su nombre completo.',
      email: 'Escriba su correo electrónico.',
      message: 'Escriba un mensaje.',
    },
    invalidEmail: 'Escriba un correo electrónico válido, por ejemplo nombre@empresa.com.',
  },
  serviceOptions: translated(
    SERVICE_VALUES.map((value) => ({ value })),
    (option) => option.value,
    {
      'web-subscription': { label: 'Suscripción web' },
      'ai-voice-systems': { label: 'Sistemas de voz con IA' },
      'marketing-ads': { label: 'Marketing con pauta' },
      'all-in-one': { label: 'Paquete todo en uno' },
      'custom-project': { label: 'Proyecto a la medida' },
      consultation: { label: 'Asesoría' },
      other: { label: 'Otro' },
    },
  ),
  servicePlaceholder: 'Seleccione un servicio',
  heardOptions: translated(
    HEARD_VALUES.map((value) => ({ value })),
    (option) => option.value,
    {
      search: { label: 'Un buscador' },
      ad: { label: 'Un anuncio' },
      social: { label: 'Redes sociales' },
      newsletter: { label: 'Nuestro boletín' },
      referral: { label: 'Alguien nos recomendó' },
      event: { label: 'Un evento' },
      other: { label: 'Otro' },
    },
  ),
};
