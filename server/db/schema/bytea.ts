import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Node Buffer on both drivers (pg-core has no built-in bytea column). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
