/**
 * The grid's pure logic: which roles the admin changed, and what each would be saved as. A role
 * is saved whole (PUT /roles/{name} with every permission name), once per changed role.
 */
export interface GridRole {
  name: string;
  permissions: Array<{ name: string }>;
}

/** Permission names per role name, as the server has them. */
export function initialGrid(roles: GridRole[]): Record<string, string[]> {
  return Object.fromEntries(roles.map((r) => [r.name, r.permissions.map((p) => p.name)]));
}

/** The grid with one box flipped. */
export function toggle(grid: Record<string, string[]>, role: string, permission: string): Record<string, string[]> {
  const current = grid[role] ?? [];
  return { ...grid, [role]: current.includes(permission) ? current.filter((p) => p !== permission) : [...current, permission] };
}

/**
 * The roles whose permissions differ from the server's, with what to send.
 * @example changedRoles({ A: ['x'] }, [{ name: 'A', permissions: [] }]) // [{ name: 'A', permissions: ['x'] }]
 */
export function changedRoles(grid: Record<string, string[]>, roles: GridRole[]): Array<{ name: string; permissions: string[] }> {
  return roles
    .filter((r) => {
      const now = new Set(grid[r.name] ?? []);
      const before = new Set(r.permissions.map((p) => p.name));
      return now.size !== before.size || [...now].some((p) => !before.has(p));
    })
    .map((r) => ({ name: r.name, permissions: [...(grid[r.name] ?? [])].sort() }));
}
