import type { IconNode } from 'lucide';
import Atom from 'lucide/dist/esm/icons/atom.mjs';
import BrainCircuit from 'lucide/dist/esm/icons/brain-circuit.mjs';
import Cloud from 'lucide/dist/esm/icons/cloud.mjs';
import CodeXml from 'lucide/dist/esm/icons/code-xml.mjs';
import Container from 'lucide/dist/esm/icons/container.mjs';
import Database from 'lucide/dist/esm/icons/database.mjs';
import Layers from 'lucide/dist/esm/icons/layers.mjs';
import Paintbrush from 'lucide/dist/esm/icons/paintbrush.mjs';
import Server from 'lucide/dist/esm/icons/server.mjs';

import type { Technology } from '../../content/technologies';
import { technologies } from '../../content/technologies';
import { Icon } from '../Icon';
import { SectionHeader } from '../SectionHeader';
import { useLocale } from '../useLocale';

const roleIcons: Record<Technology['role'], IconNode> = {
  Frontend: Atom,
  Framework: Layers,
  Language: CodeXml,
  Backend: Server,
  'Machine learning': BrainCircuit,
  Cloud: Cloud,
  Styling: Paintbrush,
  Database: Database,
  Containers: Container,
};

/** The stack the lab builds with, as a grid of tiles. */
export function TechnologyList() {
  const { eyebrow, title, intro, roles } = useLocale().catalogue.services.technologies;
  return (
    <section className="section section--soft" aria-labelledby="tech-title">
      <div className="container">
        <SectionHeader id="tech-title" eyebrow={eyebrow} title={title} intro={intro} />
        <ul className="services-tech">
          {technologies.map((technology) => {
            const icon = roleIcons[technology.role];
            return (
              <li key={technology.name} className="services-tech__item">
                <span className="services-tech__icon">
                  <Icon icon={icon} aria-hidden="true" size={20} />
                </span>
                <span className="services-tech__text">
                  <span className="services-tech__name">{technology.name}</span>
                  <span className="services-tech__role">{roles[technology.role]}</span>
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
