import { LegalDocument } from '../components/LegalDocument';
import { html } from '../content/generated/legal/privacy';
import { legalDocuments } from '../content/legal';

export default function Privacy() {
  return <LegalDocument document={legalDocuments.privacy} html={html} />;
}
