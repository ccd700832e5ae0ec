/** The English article page's own words (its call to action quotes the quote promise). */
import { links, siteFacts } from '../../data';

export const article = {
  back: 'Back to the blog',
  pagerLabel: 'More articles',
  older: 'Previous article',
  newer: 'Next article',
  related: 'Related articles',
  cta: {
    eyebrow: 'Work with us',
    title: 'Have a project in mind?',
    text: `Tell us what you are working on and get a free quote within ${siteFacts.responseTimes.quote}.`,
    actions: [
      { label: 'Start Your Project', to: links.contact },
      { label: 'Read More Articles', to: links.blog },
    ],
  },
};
