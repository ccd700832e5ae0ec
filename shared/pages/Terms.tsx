import { LegalDocument } from '../components/LegalDocument';
import { html } from '../content/generated/legal/terms';
import { legalDocuments } from '../content/legal';

export default function Terms() {
  return <LegalDocument document={legalDocuments.terms} html={html} />;
}
