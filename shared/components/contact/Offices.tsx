import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import { offices, telHref } from '../../content/site';
import { SectionHeader } from '../SectionHeader';

/** The three offices: address, phone and what each one focuses on. */
export function Offices() {
  return (
    <section className="section section--soft contact-offices" aria-labelledby="contact-offices-title">
      <div className="container">
        <SectionHeader
          id="contact-offices-title"
          eyebrow="Our Offices"
          title="Three Cities, One Team"
          intro="Visit us in Miami, Bogota or New York, or meet us on a video call wherever you are."
        />
        <ul className="contact-offices__grid">
          {offices.map((office) => (
            <li key={office.city} className="contact-office card">
              <p className="contact-office__city">{office.city}</p>
              <h3 className="contact-office__name">{office.name}</h3>
              <address className="contact-office__address">
                <MapPin aria-hidden="true" size={18} />
                <span>
                  {office.streetAddress}
                  <br />
                  {office.addressLocality}, {office.addressRegion} {office.postalCode}
                </span>
              </address>
              <a href={telHref(office.phone)} className="contact-office__phone">
                <Phone aria-hidden="true" size={18} />
                {office.phone}
              </a>
              <h4 className="contact-office__label">Specialties</h4>
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
