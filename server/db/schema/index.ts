// The one Drizzle pg-core schema, shared by the PGlite and node-postgres drivers.
export * from './accounts';
export * from './auth';
export * from './companies';
export * from './configs';
export * from './system';
export * from './taxonomies';
export * from './media';
export * from './products';
export * from './posts';
export * from './agreements';
export * from './tasks';
export * from './projects';
export * from './adminconfigs';
export * from './catalogue';
export * from './imports';
export * from './reviews';
export * from './audit';
