/** The agreement pages' addresses (the agreements area's routes.ts: 'Agreement Edit', 'Agreement'). */
export const agreementEditPath = (id: number | string) => `/agreements/${encodeURIComponent(String(id))}/edit`;
export const agreementPreviewPath = (id: number | string) => `/agreements/${encodeURIComponent(String(id))}/preview`;
export const agreementsPath = '/agreements';
/** The public "Verify a document" page (issue 57, no sign-in: the pages area's 'Verify Document'). */
export const verifyDocumentPath = '/verify-document';
