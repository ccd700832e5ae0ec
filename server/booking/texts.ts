/** What a booking's e-mails and invitation say, in the visitor's language (decision 082); the person's in English. */
import type { Locale } from '../../shared/lib/locale';

interface CallWords {
  /** The invitation's title: SUMMARY. */
  title: (lab: string) => string;
  description: (details: { topic: string; person: string; link: string }) => string;
  bookedSubject: (when: string) => string;
  bookedText: (details: {
    name: string;
    when: string;
    zone: string;
    person: string;
    link: string;
    manage: string;
  }) => string;
  movedSubject: (when: string) => string;
  cancelledSubject: (when: string) => string;
  cancelledText: (details: { name: string; when: string; again: string }) => string;
}

const noLink = {
  en: 'The meeting link follows before the call.',
  es: 'El enlace de la reunión llegará antes de la llamada.',
};

export const callWords: Record<Locale, CallWords> = {
  en: {
    title: (lab) => `Intro call with ${lab}`,
    description: ({ topic, person, link }) =>
      `A 30-minute intro call about ${topic} with ${person}.\n${link ? `Join: ${link}` : noLink.en}`,
    bookedSubject: (when) => `Your intro call: ${when}`,
    bookedText: ({ name, when, zone, person, link, manage }) =>
      `Hello ${name},\n\nYour intro call with ${person} is booked for ${when} (${zone}).\n` +
      `${link ? `Join the call: ${link}` : noLink.en}\n\nThe invitation is attached for your calendar.\n\n` +
      `To move or cancel it: ${manage}\n`,
    movedSubject: (when) => `Your intro call moved: ${when}`,
    cancelledSubject: (when) => `Your intro call is cancelled: ${when}`,
    cancelledText: ({ name, when, again }) =>
      `Hello ${name},\n\nYour intro call of ${when} is cancelled.\n\nTo book another time: ${again}\n`,
  },
  es: {
    title: (lab) => `Llamada de presentación con ${lab}`,
    description: ({ topic, person, link }) =>
      `Una llamada de presentación de 30 minutos sobre ${topic} con ${person}.\n${link ? `Únase: ${link}` : noLink.es}`,
    bookedSubject: (when) => `Su llamada de presentación: ${when}`,
    bookedText: ({ name, when, zone, person, link, manage }) =>
      `Hola, ${name}:\n\nSu llamada de presentación con ${person} quedó reservada para el ${when} (${zone}).\n` +
      `${link ? `Únase a la llamada: ${link}` : noLink.es}\n\nLa invitación va adjunta para su calendario.\n\n` +
      `Para cambiarla o cancelarla: ${manage}\n`,
    movedSubject: (when) => `Su llamada de presentación cambió: ${when}`,
    cancelledSubject: (when) => `Su llamada de presentación quedó cancelada: ${when}`,
    cancelledText: ({ name, when, again }) =>
      `Hola, ${name}:\n\nSu llamada de presentación del ${when} quedó cancelada.\n\nPara reservar otra hora: ${again}\n`,
  },
};

/** The person's own e-mail, in the console's English. */
export const personWords = {
  bookedSubject: (visitor: string, when: string) => `Intro call booked: ${visitor}, ${when}`,
  movedSubject: (visitor: string, when: string) => `Intro call moved: ${visitor}, ${when}`,
  cancelledSubject: (visitor: string, when: string) => `Intro call cancelled: ${visitor}, ${when}`,
  text: (details: { visitor: string; company: string; when: string; topic: string; language: string; lead: string }) =>
    `${details.visitor}${details.company ? ` (${details.company})` : ''} — ${details.when}\n` +
    `Topic: ${details.topic}\nLanguage of the call: ${details.language}\nLead: ${details.lead}\n`,
};
