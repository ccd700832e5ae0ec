/** What a call's reminders say, in the visitor's language (decision 087). */
import type { Locale } from '../../shared/lib/locale';

interface ReminderWords {
  subject: { day: (when: string) => string; hour: (when: string) => string };
  text: (details: { name: string; when: string; zone: string; person: string; link: string; manage: string }) => string;
}

export const reminderWords: Record<Locale, ReminderWords> = {
  en: {
    subject: {
      day: (when) => `Reminder: your intro call is ${when}`,
      hour: (when) => `Your intro call starts in an hour: ${when}`,
    },
    text: ({ name, when, zone, person, link, manage }) =>
      `Hello ${name},\n\nA reminder of your intro call${person ? ` with ${person}` : ''}: ${when} (${zone}).\n` +
      `${link ? `Join the call: ${link}` : 'The meeting link follows before the call.'}\n\n` +
      `To move or cancel it: ${manage}\n`,
  },
  es: {
    subject: {
      day: (when) => `Recordatorio: su llamada de presentación es el ${when}`,
      hour: (when) => `Su llamada de presentación empieza en una hora: ${when}`,
    },
    text: ({ name, when, zone, person, link, manage }) =>
      `Hola, ${name}:\n\nLe recordamos su llamada de presentación${person ? ` con ${person}` : ''}: ${when} (${zone}).\n` +
      `${link ? `Únase a la llamada: ${link}` : 'El enlace de la reunión llegará antes de la llamada.'}\n\n` +
      `Para cambiarla o cancelarla: ${manage}\n`,
  },
};
