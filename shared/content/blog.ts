/** The blog: its categories, its six posts and the newsletter box's texts. */
import { retention } from './retention';

export const categoryValues = ['all', 'research', 'technology', 'industry', 'tutorials', 'sustainability'] as const;
export type CategoryValue = (typeof categoryValues)[number];
/** A category a post can belong to: every value but the "all" filter. */
export type PostCategory = Exclude<CategoryValue, 'all'>;

export interface BlogCategory {
  value: CategoryValue;
  label: string;
}

/** In the order the filter row and the sidebar list them. */
export const blogCategories: readonly BlogCategory[] = [
  { value: 'all', label: 'All Posts' },
  { value: 'research', label: 'Research' },
  { value: 'technology', label: 'Technology' },
  { value: 'industry', label: 'Industry News' },
  { value: 'tutorials', label: 'Tutorials' },
  { value: 'sustainability', label: 'Sustainability' },
];

export interface BlogPost {
  id: number;
  title: string;
  excerpt: string;
  author: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  category: PostCategory;
  readTime: string;
  /** A URL, so the lab can swap our artwork for photos. */
  image: string;
  featured: boolean;
}

/** Newest first; only the post with id 1 is featured. */
export const blogPosts: readonly BlogPost[] = [
  {
    id: 1,
    title: 'How Machine Learning Is Shortening the Road to New Medicines',
    excerpt:
      'From virtual screening of millions of compounds to predicting toxicity before synthesis, we look at how our drug discovery team uses models to pick better candidates, faster, and where the bench still has the final word.',
    author: 'Dr. Sarah Chen',
    date: '2024-03-15',
    category: 'research',
    readTime: '8 min read',
    image: '/images/blog/drug-discovery.svg',
    featured: true,
  },
  {
    id: 2,
    title: 'CRISPR Beyond the Headlines: Gene Editing Tools in Everyday Biotechnology',
    excerpt:
      'Base editors, prime editing and delivery vehicles: a clear look at which gene editing techniques are ready for routine lab work and which are still experimental.',
    author: 'Dr. Marcus Rivera',
    date: '2024-03-08',
    category: 'technology',
    readTime: '6 min read',
    image: '/images/blog/gene-editing.svg',
    featured: false,
  },
  {
    id: 3,
    title: 'Green Chemistry at the Bench: Cutting Solvent Waste by Half',
    excerpt:
      'Solvent recovery, greener substitutes and smaller reaction scales: the practical changes that halved our hazardous waste in a year without slowing experiments down.',
    author: 'Dr. Amara Okafor',
    date: '2024-02-28',
    category: 'sustainability',
    readTime: '5 min read',
    image: '/images/blog/green-chemistry.svg',
    featured: false,
  },
  {
    id: 4,
    title: 'A Step-by-Step Guide to Reproducible Cell Culture',
    excerpt:
      'Authentication, mycoplasma testing, passage limits and clear records: a hands-on protocol for cell culture results that another lab can repeat.',
    author: 'Elena Vasquez',
    date: '2024-02-20',
    category: 'tutorials',
    readTime: '10 min read',
    image: '/images/blog/cell-culture.svg',
    featured: false,
  },
  {
    id: 5,
    title: 'Biotech Funding in 2024: What the Numbers Mean for Research Labs',
    excerpt:
      'Venture funding has cooled while partnerships and public grants grow. We read the latest figures and what they change for labs planning their next three years.',
    author: 'James Whitfield',
    date: '2024-02-12',
    category: 'industry',
    readTime: '4 min read',
    image: '/images/blog/biotech-funding.svg',
    featured: false,
  },
  {
    id: 6,
    title: 'Inside the Automated Lab: Robotics That Run Experiments Overnight',
    excerpt:
      'Liquid handlers, scheduling software and sample tracking working together: how lab automation turns a week of pipetting into a night of unattended runs.',
    author: 'Dr. Marcus Rivera',
    date: '2024-02-05',
    category: 'technology',
    readTime: '7 min read',
    image: '/images/blog/lab-automation.svg',
    featured: false,
  },
];

/** The grid shows this many posts at a time; "Load More Posts" reveals the next page. */
export const POSTS_PER_PAGE = 6;
/** The sidebar's Recent Posts list. */
export const RECENT_POSTS_COUNT = 5;

export const blogIntro =
  'Insights, tutorials and news on web development, AI voice systems and digital marketing from our team.';

/**
 * What a newsletter sign-up can come to; the no-JavaScript redirect carries it as ?subscribe=.
 * A good address is "pending" until its owner opens the confirmation link, whether or
 * not it was already on the list: the answer never tells who is.
 */
export const subscribeOutcomes = ['pending', 'invalid', 'limited', 'unreachable'] as const;
export type SubscribeOutcome = (typeof subscribeOutcomes)[number];

/** How long a newsletter confirmation link works. */
export const CONFIRMATION_VALID_DAYS = retention.pendingDays;

export const newsletter = {
  title: 'Stay Updated',
  text: 'New articles from our lab, in your inbox when we publish. Nothing else.',
  label: 'Email address',
  placeholder: 'you@company.com',
  button: 'Subscribe',
  sending: 'Subscribing…',
  messages: {
    pending: `Check your inbox to confirm: we sent you a link that works for ${CONFIRMATION_VALID_DAYS} days. Until you open it, you are not subscribed.`,
    invalid: "That doesn't look like a valid e-mail address. Please check it and try again.",
    limited: 'Too many attempts. Please wait a minute, then try again.',
    unreachable: "We couldn't reach our server. Please check your connection and try again.",
  } satisfies Record<SubscribeOutcome, string>,
} as const;

