/** The stack the lab builds with, in the order the services page lists it. */
export interface Technology {
  name: string;
  /** A short label of what it is used for. */
  role: 'Frontend' | 'Framework' | 'Language' | 'Backend' | 'Machine learning' | 'Cloud' | 'Styling' | 'Database' | 'Containers';
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

/** Each role's label as the page shows it. */
export const technologyRoles: Readonly<Record<Technology['role'], string>> = Object.fromEntries(
  technologies.map((technology) => [technology.role, technology.role]),
) as Record<Technology['role'], string>;
