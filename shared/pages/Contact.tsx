import { ContactForm } from '../components/contact/ContactForm';
import { staticSection } from '../components/StaticSection';

// Static sections: their code loads only when a navigation shows them (see StaticSection).
const ContactHero = staticSection('ContactHero', async () => (await import('../components/contact/ContactHero')).ContactHero, ['contactInfo']);
const ContactDetails = staticSection('ContactDetails', async () => (await import('../components/contact/ContactDetails')).ContactDetails, ['contactInfo']);
const Offices = staticSection('Offices', async () => (await import('../components/contact/Offices')).Offices, ['contactInfo']);
const Faq = staticSection('Faq', async () => (await import('../components/contact/Faq')).Faq, ['contactInfo']);
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
