import { AboutSection } from '../components/home/AboutSection';
import { CallToAction } from '../components/home/CallToAction';
import { HomeHero } from '../components/home/HomeHero';
import { ServicesSection } from '../components/home/ServicesSection';
import { WhyChooseSection } from '../components/home/WhyChooseSection';

export default function Home() {
  return (
    <>
      <HomeHero />
      <AboutSection />
      <ServicesSection />
      <WhyChooseSection />
      <CallToAction />
    </>
  );
}
