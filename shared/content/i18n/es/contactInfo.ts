/** The Spanish contact page around its form: the opening, the teams, the response times, the offices' headings and the questions. */
import { translated } from '../../../lib/locale';
import { departmentFacts } from '../../data';
import type { Catalogue } from '../types';
import { emailTime, officeHours, quoteTime, responsePromise } from './shared';

export const contactInfo: Catalogue['contactInfo'] = {
  hero: {
    eyebrow: 'Contacto',
    title: 'Hablemos',
    intro: `Cuéntenos sobre su proyecto y reciba una cotización gratuita. ${responsePromise}`,
    bookCall: 'Reservar una llamada',
  },
  sections: {
    detailsTitle: 'Hable con el equipo indicado',
    promisesTitle: 'Tiempos de respuesta',
    officesEyebrow: 'Nuestras oficinas',
    officesTitle: 'Tres ciudades, un solo equipo',
    officesIntro: 'Visítenos en Miami, Bogotá o Nueva York, o reúnase con nosotros por videollamada desde donde esté.',
    specialties: 'Especialidades',
    faqEyebrow: 'Preguntas frecuentes',
    faqTitle: 'Preguntas frecuentes',
  },
  departments: translated(departmentFacts, (department) => department.id, {
    general: {
      name: 'Consultas generales',
      note: 'Preguntas sobre el laboratorio, nuestros planes o cómo trabajar con nosotros.',
    },
    development: {
      name: 'Desarrollo web',
      note: 'Preguntas técnicas, alcance de proyectos y soporte para sitios en producción.',
    },
    sales: { name: 'Ventas y marketing', note: 'Cotizaciones, paquetes, campañas de pauta y alianzas.' },
  }),
  responsePromises: [
    { channel: 'Consultas por correo', time: `En menos de ${emailTime}` },
    { channel: 'Solicitudes de cotización', time: `En menos de ${quoteTime}` },
    { channel: 'Soporte de emergencia para clientes', time: '24/7' },
  ],
  hours: { label: 'Horario de atención', value: officeHours },
  faq: [
    {
      question: '¿Cuánto se demoran en construir un sitio web?',
      answer:
        'La mayoría de los sitios quedan listos en 2 a 4 semanas, según el número de páginas, las funciones que necesite y qué tan rápido lleguen el contenido y sus comentarios. Acordamos el cronograma en la llamada inicial.',
    },
    {
      question: '¿Ofrecen soporte después del lanzamiento?',
      answer:
        'Sí. Todos los planes de suscripción incluyen mantenimiento, actualizaciones y soporte técnico continuos, para que su sitio siga rápido, seguro y al día mientras trabaje con nosotros.',
    },
    {
      question: '¿Puedo combinar servicios o cambiar de plan más adelante?',
      answer:
        'Sí. Los planes son mensuales, así que puede sumar servicios, pasarse al Paquete todo en uno o agregar complementos como una tienda en línea o más idiomas a medida que su empresa crece.',
    },
    {
      question: '¿Trabajan con clientes fuera de Miami, Bogotá y Nueva York?',
      answer:
        'Sí. Trabajamos con empresas de toda Norteamérica y Suramérica, en inglés y en español. La mayoría de los proyectos son totalmente remotos, con videollamadas en cada etapa.',
    },
  ],
};
