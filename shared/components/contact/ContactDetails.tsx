import type { IconNode } from 'lucide';
import Clock from 'lucide/dist/esm/icons/clock.mjs';
import CodeXml from 'lucide/dist/esm/icons/code-xml.mjs';
import Mail from 'lucide/dist/esm/icons/mail.mjs';
import Megaphone from 'lucide/dist/esm/icons/megaphone.mjs';
import MessageSquare from 'lucide/dist/esm/icons/message-square.mjs';
import Phone from 'lucide/dist/esm/icons/phone.mjs';
import Zap from 'lucide/dist/esm/icons/zap.mjs';

import type { DepartmentId } from '../../content/data';
import { Icon } from '../Icon';
import { PhoneLink } from '../PhoneLink';
import { PhoneNumber } from '../PhoneNumber';
import { useLocale } from '../useLocale';

const departmentIcons: Record<DepartmentId, IconNode> = {
  general: MessageSquare,
  development: CodeXml,
  sales: Megaphone,
};

/** The three departments with their e-mail, phone and note; then how fast we answer and when we are open. */
export function ContactDetails() {
  const { departments, hours, responsePromises, sections } = useLocale().catalogue.contactInfo;
  return (
    <section className="contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title" className="contact-details__title">
        {sections.detailsTitle}
      </h2>
      <ul className="contact-details__list">
        {departments.map((department) => {
          const icon = departmentIcons[department.id];
          return (
            <li key={department.id} className="contact-department">
              <span className="contact-department__icon">
                <Icon icon={icon} aria-hidden="true" size={22} />
              </span>
              <div className="contact-department__body">
                <h3 className="contact-department__name">{department.name}</h3>
                <p className="contact-department__note">{department.note}</p>
                <p className="contact-department__links">
                  <a href={`mailto:${department.email}`} className="contact-department__link">
                    <Icon icon={Mail} aria-hidden="true" size={16} />
                    {department.email}
                  </a>
                  <PhoneLink phone={department.phone} className="contact-department__link">
                    <Icon icon={Phone} aria-hidden="true" size={16} />
                    <PhoneNumber phone={department.phone} />
                  </PhoneLink>
                </p>
              </div>
            </li>
          );
        })}
      </ul>

      <div className="contact-promises">
        <h3 className="contact-promises__title">
          <Icon icon={Zap} aria-hidden="true" size={18} />
          {sections.promisesTitle}
        </h3>
        <dl className="contact-promises__list">
          {responsePromises.map((promise) => (
            <div key={promise.channel} className="contact-promises__item">
              <dt>{promise.channel}</dt>
              <dd>{promise.time}</dd>
            </div>
          ))}
        </dl>
        <p className="contact-promises__hours">
          <Icon icon={Clock} aria-hidden="true" size={16} />
          <span>
            {hours.label}: <strong>{hours.value}</strong>
          </span>
        </p>
      </div>
    </section>
  );
}
