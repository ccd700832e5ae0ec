import { LegalDocument } from '../components/LegalDocument';
import { legalLoader } from '../model/legalBodies';

export const loader = legalLoader('privacy');

export default function Privacy() {
  return <LegalDocument name="privacy" />;
}
