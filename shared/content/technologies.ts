/** The stack the lab builds with, in the order the services page lists it; each language names the roles. */
export type TechnologyRole =
  | 'Frontend'
  | 'Framework'
  | 'Language'
  | 'Backend'
  | 'Machine learning'
  | 'Cloud'
  | 'Styling'
  | 'Database'
  | 'Containers';

export interface Technology {
  name: string;
  /** What it is used for: each language's catalogue gives its label. */
  role: TechnologyRole;
}

export const technologies: readonly Technology[] = [
  { name: 'React', role: 'Frontend' },
  { name: 'Next.js', role: 'Framework' },
  { name: 'TypeScript', role: 'Language' },
  { name: 'Node.js', role: 'Backend' },
  { name: 'Python', role: 'Language' },
  { name: 'AI/ML', role: 'Machine learning' },
  { name: 'AWS', role: 'Cloud' },
  { name: 'Google Cloud', role: 'Cloud' },
  { name: 'Tailwind CSS', role: 'Styling' },
  { name: 'MongoDB', role: 'Database' },
  { name: 'PostgreSQL', role: 'Database' },
  { name: 'Docker', role: 'Containers' },
];
