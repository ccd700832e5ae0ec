/** How a project runs, step by step, in the order the services page shows it. */
export interface ProcessStep {
  title: 'Discovery' | 'Design' | 'Development' | 'Launch';
  description: string;
}

export const processSteps: readonly ProcessStep[] = [
  {
    title: 'Discovery',
    description: 'We learn your business, your customers and your goals, and agree on a clear plan and scope.',
  },
  {
    title: 'Design',
    description: 'We shape the look, the structure and the user experience, and refine them with your feedback.',
  },
  {
    title: 'Development',
    description: 'We build, integrate and test every part on a modern stack, sharing progress as we go.',
  },
  {
    title: 'Launch',
    description: 'We go live, measure the results and keep improving with ongoing maintenance and support.',
  },
];
