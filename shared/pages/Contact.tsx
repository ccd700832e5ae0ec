import { Mail, Phone } from 'lucide-react';
import { ContactDetails } from '../components/contact/ContactDetails';
import { ContactForm } from '../components/contact/ContactForm';
import { Faq } from '../components/contact/Faq';
import { Offices } from '../components/contact/Offices';
import { PageHero } from '../components/PageHero';
import { useLocale } from '../components/useLocale';
import { site, telHref } from '../content/site';

export default function Contact() {
  const contactHero = useLocale().catalogue.contact.hero;
  return (
    <div className="contact-page">
      <PageHero eyebrow={contactHero.eyebrow} title={contactHero.title} intro={contactHero.intro}>
        <a href={`mailto:${site.email}`} className="button button--ghost">
          <Mail aria-hidden="true" size={18} />
          {site.email}
        </a>
        <a href={telHref(site.phone)} className="button button--ghost">
          <Phone aria-hidden="true" size={18} />
          {site.phone}
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
