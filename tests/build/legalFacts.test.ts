import { describe, expect, it } from 'vitest';

import { legalFactsWarning } from '../../build/content/generate';
import type { LegalFacts } from '../../shared/content/data';

const filled: LegalFacts = {
  legalName: 'Meridian Lab LLC',
  taxId: 'EIN 00-0000000',
  domicile: 'Miami, Florida, United States',
  postalAddress: '1200 Brickell Avenue, Suite 1800, Miami, FL 33131, United States',
  privacyOfficer: 'Ana Gómez',
};

describe("the build's warning about the lab's legal facts", () => {
  it('names every fact still left as a bracketed placeholder, and where to fill it in', () => {
    expect(legalFactsWarning({ ...filled, taxId: '[TAX ID]', privacyOfficer: ' [PRIVACY OFFICER NAME] ' })).toBe(
      'Warning: the legal pages and e-mails still show placeholders for taxId, privacyOfficer: fill them in shared/content/data.ts (legalFacts) before launch.',
    );
  });

  it('is silent once every fact is filled in, brackets inside a value included', () => {
    expect(legalFactsWarning(filled)).toBeUndefined();
    expect(legalFactsWarning({ ...filled, legalName: 'Meridian Lab [Colombia] S.A.S.' })).toBeUndefined();
  });
});
