/** The configurator's addresses other areas link to (the configurator's routes.ts: 'Config Internal Stage'). */
export const configInternalStagePath = (id: number | string, slug: string) => `/configurator/${encodeURIComponent(String(id))}/internal/${encodeURIComponent(slug)}`;
