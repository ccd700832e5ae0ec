import { island } from '../components/Island';
import { staticSection } from '../components/StaticSection';
import { CONTACT_FORM_ID } from '../model/contactForm';

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
// The form hydrates when it is needed: on a phone it is below the fold (see Island).
const ContactForm = island('ContactForm', async () => (await import('../components/contact/ContactForm')).ContactForm, {
  rootId: CONTACT_FORM_ID,
});
export const sections = [ContactHero, ContactForm, ContactDetails, Offices, Faq];

/** The contact page: everything is static but its form, an island. */
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
