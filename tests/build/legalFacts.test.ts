import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { generatedFiles } from '../../build/content/generate';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe("the content step and the lab's legal facts", () => {
  const files = generatedFiles(ROOT);
  const body = (file: string) => files.get(`shared/generated/legal/${file}.ts`)!;

  it('leaves each fact in the legal pages as a mark the server fills from its settings, never a value', () => {
    for (const file of ['privacy', 'es/privacy']) {
      for (const name of ['legalName', 'taxId', 'domicile', 'postalAddress', 'privacyOfficer'])
        expect(body(file), `${file}: ${name}`).toContain(`{{legal.${name}}}`);
    }
    for (const file of ['terms', 'es/terms']) expect(body(file)).toContain('{{legal.legalName}}');
    for (const file of ['privacy', 'es/privacy', 'terms', 'es/terms']) {
      // Every other quoted fact is filled by the build; no bracketed stand-in is left in the text.
      expect(body(file).replace(/\{\{legal\.\w+\}\}/g, '')).not.toContain('{{');
      expect(body(file)).not.toMatch(/\[(LEGAL NAME|TAX ID|DOMICILE|POSTAL ADDRESS|PRIVACY OFFICER)/);
    }
  });
});
