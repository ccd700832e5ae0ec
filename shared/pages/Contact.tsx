import { PageHero } from '../components/PageHero';

export default function Contact() {
  return (
    <PageHero
      eyebrow="Contact"
      title="Get In Touch"
      intro="Tell us about your project and get a free quote. We answer e-mails within 4 hours and quote requests within 24 hours."
    />
  );
}
