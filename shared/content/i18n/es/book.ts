/** La página de reserva en español (decisión 082) y las páginas que abren los enlaces de su correo. */
import type { HeadText } from '../../head';
import type { CataloguePages } from '../types';

/** A time ending a sentence: "9:00 a. m." already ends in its period. */
const sentence = (when: string) => (when.endsWith('.') ? when : `${when}.`);

export const book: CataloguePages['book'] = {
  head: {
    title: 'Reserve una llamada de presentación | Meridian Lab',
    description:
      'Reserve una llamada de presentación gratuita de 30 minutos con Meridian Lab, en español o en inglés, con nuestro equipo de Miami, Nueva York o Bogotá.',
    keywords: ['reservar llamada', 'asesoría', 'llamada de presentación', 'Meridian Lab'],
  } satisfies HeadText,
  eyebrow: 'Reservar',
  title: 'Reserve una llamada de presentación',
  intro:
    'Una llamada gratuita de 30 minutos con el equipo que haría el trabajo: elija el tema, el idioma y la hora que le convengan.',
  choose: {
    title: '¿De qué quiere hablar?',
    topic: 'Tema',
    topics: {
      'web-subscription': 'Suscripción web',
      'ai-voice-systems': 'Sistemas de voz con IA',
      'marketing-ads': 'Marketing con pauta',
      'all-in-one': 'Paquete todo en uno',
      other: 'Otro tema',
    },
    language: 'Idioma de la llamada',
    languages: { en: 'Inglés', es: 'Español' },
    office: 'Oficina (opcional)',
    anyOffice: 'Cualquier oficina',
    offices: { miami: 'Miami', 'new-york': 'Nueva York', bogota: 'Bogotá' },
    zone: 'Su zona horaria',
    submit: 'Ver horas libres',
  },
  slots: {
    title: 'Elija una hora',
    shownIn: (zone) => `Horas en ${zone}.`,
    officeTime: (office, time) => `Oficina de ${office}: ${time}`,
    none: 'No hay horas libres en los próximos 30 días con estas opciones. Pruebe otro idioma u oficina, o escríbanos.',
    later: 'Horas más adelante',
    change: 'Cambiar sus opciones',
    taken: 'Esa hora se acaba de reservar. Estas son las siguientes horas libres.',
    held: 'Le guardamos esta hora durante 5 minutos mientras completa sus datos.',
    justTaken: 'Alguien acaba de reservar esa hora. Elija otra, por favor.',
  },
  details: {
    title: 'Sus datos',
    requiredNote: 'Los campos marcados con * son obligatorios.',
    name: 'Nombre',
    email: 'Correo electrónico',
    company: 'Empresa',
    phone: 'Teléfono (opcional)',
    message: '¿De qué le gustaría hablar? (opcional)',
    submit: 'Reservar la llamada',
    privacy: 'Usamos estos datos para la llamada y para responderle.',
    honeypot: 'Deje este campo vacío',
  },
  errors: {
    heading: 'Revise el formulario:',
    slot: 'Elija una hora.',
    name: 'Escriba su nombre.',
    email: 'Escriba un correo como nombre@ejemplo.com.',
    company: 'Escriba su empresa.',
    tooLong: 'Uno de los campos es demasiado largo.',
  },
  done: {
    title: 'Su llamada quedó reservada',
    text: (when, email) =>
      `Nos vemos el ${sentence(when)} Enviamos la invitación a ${email}, con enlaces para cambiar o cancelar la llamada.`,
  },
  manage: {
    title: 'Su llamada de presentación',
    when: (when) => `Reservada para el ${sentence(when)}`,
    move: 'Cambiar la hora',
    moveSubmit: 'Cambiar a esta hora',
    cancel: 'Cancelar la llamada',
    cancelNote: 'Al cancelar, la hora queda libre de inmediato y la invitación se retira de su calendario.',
    moved: (when) => `Su llamada cambió al ${sentence(when)} Le enviamos la nueva invitación.`,
    cancelled: 'Su llamada quedó cancelada. Le enviamos una confirmación.',
  },
  stale: {
    cancelled: {
      title: 'Esta llamada fue cancelada',
      text: 'La llamada de este enlace fue cancelada, así que el enlace ya no cambia nada.',
    },
    moved: {
      title: 'Este enlace está desactualizado',
      text: 'La llamada cambió de hora después de este enlace: use el del correo más reciente.',
    },
    invalid: { title: 'Este enlace no funciona', text: 'El enlace está incompleto o fue modificado.' },
    again: 'Reservar una nueva llamada',
  },
};
