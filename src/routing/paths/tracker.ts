/** The tracker's addresses (the tracker's routes.ts: 'Tracker All', 'Tracker New', 'Tracker Summary', 'Tracker Profile', ...). */
const enc = (id: number | string) => encodeURIComponent(String(id));
export const trackerAllPath = '/tracker/all';
export const trackerNewPath = '/tracker/new';
export const trackerVariationsPath = '/tracker/variations';
export const trackerApprovalPath = '/tracker/approval';
export const trackerSummaryPath = (id: number | string) => `/tracker/${enc(id)}/summary`;
export const trackerProfilePath = (id: number | string, tab?: string) => `/tracker/${enc(id)}/profile${tab ? `?tab=${enc(tab)}` : ''}`;
export const configDashboardPath = (id: number | string) => `/configurator/${enc(id)}/dashboard`;
export const agreementPreviewPath = (id: number | string) => `/agreements/${enc(id)}/preview`;
export const agreementEditPath = (id: number | string) => `/agreements/${enc(id)}/edit`;
