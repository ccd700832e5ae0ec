import type { LucideIcon } from 'lucide-react';
import Atom from 'lucide-react/icons/atom';
import BrainCircuit from 'lucide-react/icons/brain-circuit';
import Cloud from 'lucide-react/icons/cloud';
import CodeXml from 'lucide-react/icons/code-xml';
import Container from 'lucide-react/icons/container';
import Database from 'lucide-react/icons/database';
import Layers from 'lucide-react/icons/layers';
import Paintbrush from 'lucide-react/icons/paintbrush';
import Server from 'lucide-react/icons/server';
import type { Technology } from '../../content/technologies';
import { technologies } from '../../content/technologies';
import { SectionHeader } from '../SectionHeader';
import { useLocale } from '../useLocale';

const roleIcons: Record<Technology['role'], LucideIcon> = {
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
        <SectionHeader
          id="tech-title"
          eyebrow={eyebrow}
          title={title}
          intro={intro}
        />
        <ul className="services-tech">
          {technologies.map((technology) => {
            const Icon = roleIcons[technology.role];
            return (
              <li key={technology.name} className="services-tech__item">
                <span className="services-tech__icon">
                  <Icon aria-hidden="true" size={20} />
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
