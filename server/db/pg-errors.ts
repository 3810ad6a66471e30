/** PostgreSQL's error codes the services answer as the user's mistake rather than a 500. */
const codeOf = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  // node-postgres puts the code on the error; drizzle wraps it and keeps it as the cause.
  return e?.code ?? e?.cause?.code;
};

/** A unique constraint refused the row (23505). */
export const isUniqueViolation = (err: unknown) => codeOf(err) === '23505';

/** A foreign key refused the row: what it points at is gone (23503). */
export const isForeignKeyViolation = (err: unknown) => codeOf(err) === '23503';
