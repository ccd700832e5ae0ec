import { LegalDocument } from '../components/LegalDocument';
import { legalLoader } from '../model/legalBodies';

export const loader = legalLoader('terms');

export default function Terms() {
  return <LegalDocument name="terms" />;
}
