import MapPin from 'lucide/dist/esm/icons/map-pin.mjs';
import Phone from 'lucide/dist/esm/icons/phone.mjs';

import { Icon } from '../Icon';
import { PhoneLink } from '../PhoneLink';
import { PhoneNumber } from '../PhoneNumber';
import { SectionHeader } from '../SectionHeader';
import { useLocale } from '../useLocale';

/** The three offices: address, phone (where the office has its own) and what each one focuses on. */
export function Offices() {
  const { catalogue } = useLocale();
  const { sections } = catalogue.contactInfo;
  const { offices } = catalogue.site;
  return (
    <section className="section section--soft contact-offices" aria-labelledby="contact-offices-title">
      <div className="container">
        <SectionHeader
          id="contact-offices-title"
          eyebrow={sections.officesEyebrow}
          title={sections.officesTitle}
          intro={sections.officesIntro}
        />
        <ul className="contact-offices__grid">
          {offices.map((office) => (
            <li key={office.city} className="contact-office card">
              <p className="contact-office__city">{office.city}</p>
              <h3 className="contact-office__name">{office.name}</h3>
              <address className="contact-office__address">
                <Icon icon={MapPin} aria-hidden="true" size={18} />
                <span>
                  {office.streetAddress}
                  <br />
                  {office.addressLocality}, {office.addressRegion} {office.postalCode}
                </span>
              </address>
              {office.phone ? (
                <PhoneLink phone={office.phone} className="contact-office__phone">
                  <Icon icon={Phone} aria-hidden="true" size={18} />
                  <PhoneNumber phone={office.phone} />
                </PhoneLink>
              ) : null}
              <h4 className="contact-office__label">{sections.specialties}</h4>
              <ul className="contact-office__specialties">
                {office.specialties.map((specialty) => (
                  <li key={specialty}>{specialty}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
