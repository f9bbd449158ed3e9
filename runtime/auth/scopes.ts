/** The permission scopes of the spec's Authentication section. */
export const scopes = [
  'crews:read',
  'outcomes:read',
  'integrations:read',
  'crews:write',
  'outcomes:write',
  'integrations:write',
  'admin:read',
  'admin:write',
] as const;

export type Scope = (typeof scopes)[number];

export function isScope(value: string): value is Scope {
  return (scopes as readonly string[]).includes(value);
}
