import MapPin from 'lucide/dist/esm/icons/map-pin.mjs';

import { Icon } from '../Icon';
import { useLocale } from '../useLocale';

/** Who the lab is, beside its three offices strung on one meridian line. */
export function AboutSection() {
  const { catalogue } = useLocale();
  const homeAbout = catalogue.home.about;
  const { offices, specialtiesLabel } = catalogue.site;
  return (
    <section id={homeAbout.id} className="section home-about" aria-labelledby="about-title">
      <div className="container home-about__grid">
        <div className="home-about__text">
          <p className="eyebrow">{homeAbout.eyebrow}</p>
          <h2 id="about-title">{homeAbout.title}</h2>
          {homeAbout.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className="home-about__paragraph">
              {paragraph}
            </p>
          ))}
        </div>
        <div className="home-about__offices">
          <h3 className="home-about__offices-title">{homeAbout.officesTitle}</h3>
          <ul className="home-offices">
            {offices.map((office) => (
              <li key={office.city} className="home-office">
                <span className="home-office__marker" aria-hidden="true">
                  <Icon icon={MapPin} size={18} />
                </span>
                <div>
                  <p className="home-office__city">{office.city}</p>
                  <p className="home-office__name">{office.name}</p>
                  <ul className="home-office__specialties" aria-label={specialtiesLabel(office.city)}>
                    {office.specialties.map((specialty) => (
                      <li key={specialty}>{specialty}</li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
