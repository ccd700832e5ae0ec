import { PageHero } from '../components/PageHero';

export default function Blog() {
  return (
    <PageHero
      eyebrow="Blog"
      title="Our Blog"
      intro="Insights, tutorials and news on web development, AI voice systems and digital marketing from our team."
    />
  );
}
