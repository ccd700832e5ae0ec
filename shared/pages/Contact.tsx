import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import { ContactForm } from '../components/contact/ContactForm';
import { PageHero } from '../components/PageHero';
import { staticSection } from '../components/StaticSection';
import { useLocale } from '../components/useLocale';
import { siteFacts, telHref } from '../content/data';

// Static sections: their code loads only when a navigation shows them (see StaticSection).
const ContactDetails = staticSection('ContactDetails', async () => (await import('../components/contact/ContactDetails')).ContactDetails);
const Offices = staticSection('Offices', async () => (await import('../components/contact/Offices')).Offices);
const Faq = staticSection('Faq', async () => (await import('../components/contact/Faq')).Faq);
export const sections = [ContactDetails, Offices, Faq];

export default function Contact() {
  const contactHero = useLocale().catalogue.contact.hero;
  return (
    <div className="contact-page">
      <PageHero eyebrow={contactHero.eyebrow} title={contactHero.title} intro={contactHero.intro}>
        <a href={`mailto:${siteFacts.email}`} className="button button--ghost">
          <Mail aria-hidden="true" size={18} />
          {siteFacts.email}
        </a>
        <a href={telHref(siteFacts.phone)} className="button button--ghost">
          <Phone aria-hidden="true" size={18} />
          {siteFacts.phone}
        </a>
      </PageHero>
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
