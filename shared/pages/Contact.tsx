import { ContactForm } from '../components/contact/ContactForm';
import { staticSection } from '../components/StaticSection';

// Static sections: their code loads only when a navigation shows them (see StaticSection), with the
// texts only they read (the page's own part is the form's).
const texts = ['contactInfo'] as const;
const ContactHero = staticSection(
  'ContactHero',
  async () => (await import('../components/contact/ContactHero')).ContactHero,
  texts,
);
const ContactDetails = staticSection(
  'ContactDetails',
  async () => (await import('../components/contact/ContactDetails')).ContactDetails,
  texts,
);
const Offices = staticSection('Offices', async () => (await import('../components/contact/Offices')).Offices, texts);
const Faq = staticSection('Faq', async () => (await import('../components/contact/Faq')).Faq, texts);
export const sections = [ContactHero, ContactDetails, Offices, Faq];

/** The contact page: everything is static but its form. */
export default function Contact() {
  return (
    <div className="contact-page">
      <ContactHero />
      <div className="section contact-main">
        <div className="container contact-main__grid">
          <ContactForm />
          <ContactDetails />
        </div>
      </div>
      <Offices />
      <Faq />
    </div>
  );
}
