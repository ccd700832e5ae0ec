import Plus from 'lucide/dist/esm/icons/plus.mjs';

import { Icon } from '../Icon';
import { SectionHeader } from '../SectionHeader';
import { useLocale } from '../useLocale';

/** Four questions as native disclosures: keyboard and screen reader ready, and open without JavaScript. */
export function Faq() {
  const { faq, sections } = useLocale().catalogue.contactInfo;
  return (
    <section className="section contact-faq" aria-labelledby="contact-faq-title">
      <div className="container contact-faq__inner">
        <SectionHeader id="contact-faq-title" eyebrow={sections.faqEyebrow} title={sections.faqTitle} />
        <div className="contact-faq__list">
          {faq.map((item) => (
            <details key={item.question} className="contact-faq__item">
              <summary className="contact-faq__question">
                <span>{item.question}</span>
                <Icon icon={Plus} aria-hidden="true" className="contact-faq__icon" size={20} />
              </summary>
              <p className="contact-faq__answer">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
