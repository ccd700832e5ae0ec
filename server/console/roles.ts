/**
 * What a staff member may do in the console (decision 069): every console route belongs to a section that
 * names the roles it admits, and the console layer answers 403 to any other before the section sees the request.
 */
/** Every role, in the order the console lists them: as a section's roles, any signed-in staff member. */
export const ROLES = ['owner', 'editor', 'sales'] as const;
export type Role = (typeof ROLES)[number];

export const roleLabels: Record<Role, string> = {
  owner: 'Owner: everything, including people, roles and erasure',
  editor: 'Editor: articles and campaigns, no lead data',
  sales: 'Sales: leads, no campaigns, no subscribers',
};

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
