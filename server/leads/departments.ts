/**
 * Which department a lead goes to, by the service chosen: website work to Web
 * Development, ads to Sales & Marketing, everything else (and no choice) to
 * General Inquiries. The team reads its leads in English.
 */
import type { ServiceValue } from '../../shared/content/contactFields';
import type { DepartmentId } from '../../shared/content/data';
import { catalogues } from '../pages/catalogues';

const departmentOfService: Readonly<Record<ServiceValue, DepartmentId>> = {
  'web-subscription': 'development',
  'custom-project': 'development',
  'marketing-ads': 'sales',
  'ai-voice-systems': 'general',
  'all-in-one': 'general',
  consultation: 'general',
  other: 'general',
};

export function departmentForService(service: string) {
  const id = (departmentOfService as Record<string, DepartmentId | undefined>)[service] ?? 'general';
  return catalogues.en.contactInfo.departments.find((department) => department.id === id)!;
}
