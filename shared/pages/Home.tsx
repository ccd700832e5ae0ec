import { HomeHero } from '../components/home/HomeHero';
import { staticSection } from '../components/StaticSection';

// Static sections: their code loads only when a navigation shows them (see StaticSection).
const AboutSection = staticSection(
  'AboutSection',
  async () => (await import('../components/home/AboutSection')).AboutSection,
);
const ServicesSection = staticSection(
  'ServicesSection',
  async () => (await import('../components/home/ServicesSection')).ServicesSection,
);
const WhyChooseSection = staticSection(
  'WhyChooseSection',
  async () => (await import('../components/home/WhyChooseSection')).WhyChooseSection,
);
const CallToAction = staticSection(
  'CallToAction',
  async () => (await import('../components/home/CallToAction')).CallToAction,
);
const ScrollCue = staticSection('ScrollCue', async () => (await import('../components/home/ScrollCue')).ScrollCue);
export const sections = [ScrollCue, AboutSection, ServicesSection, WhyChooseSection, CallToAction];

export default function Home() {
  return (
    <>
      <HomeHero scrollCue={<ScrollCue />} />
      <AboutSection />
      <ServicesSection />
      <WhyChooseSection />
      <CallToAction />
    </>
  );
}
