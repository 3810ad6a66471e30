// Icons for the task stories: small coloured squares as data URLs (the app's icons come from
// GET /api/tasks/types/{id}/icon, which a story has no server for).
const square = (colour: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="12" fill="${colour}"/></svg>`)}`;

export const SAMPLE_TYPES = [
  { name: 'Onboarding', iconUrl: square('#6a1b9a') },
  { name: 'Design', iconUrl: square('#c2185b') },
  { name: 'Build', iconUrl: square('#1565c0') },
  { name: 'Content', iconUrl: null },
];
