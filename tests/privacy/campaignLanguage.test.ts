import { describe, expect, it } from 'vitest';

import { articleCampaign } from '../../server/newsletter/articles';
import { catalogues } from '../../server/pages/catalogues';
import { publishedIndex, setPublished } from '../../shared/content/publishedArticles';

const SITE = 'https://meridianlab.test';

describe("a campaign made from an article, in each reader's language", () => {
  it('is in the language of the reader when the article has a version in it, and in English when it has none', () => {
    const [english] = catalogues.en.posts.posts;
    const [spanish] = catalogues.es.posts.posts.filter((post) => post.id === english!.id);
    expect(articleCampaign(english!.id, SITE)).toMatchObject({
      en: { subject: english!.title },
      es: { subject: spanish!.title },
    });

    // Published in English only, as the console allows: its Spanish readers get the English version.
    const onlyEnglish = { ...english!, id: 9_999, title: 'Published in English only', slug: 'english-only' };
    setPublished({
      index: publishedIndex(),
      posts: { en: [onlyEnglish, ...catalogues.en.posts.posts], es: catalogues.es.posts.posts },
    });
    const campaign = articleCampaign(onlyEnglish.id, SITE)!;
    expect(campaign.es.subject).toBe('Published in English only');
    expect(campaign.es.body).toContain(`${SITE}/blog/english-only`);
    expect(campaign.en.subject).toBe('Published in English only');
  });
});
