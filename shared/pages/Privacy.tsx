import { LegalDocument } from '../components/LegalDocument';
import { legalLoader } from '../lib/legalBodies';

export const loader = legalLoader('privacy');

export default function Privacy() {
  return <LegalDocument name="privacy" />;
}
