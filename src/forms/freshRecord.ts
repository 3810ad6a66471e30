/**
 * The meta of an edit screen that reads its record fresh (past the HTTP client's storage cache) and
 * stays on the page after saving: the read and the save must carry the same meta, because with
 * `redirect={false}` react-admin writes the saved record into the cache entry keyed by the save's
 * meta. Different metas leave the screen showing the record as read before the save (and
 * react-admin warns "query meta and mutation meta should be the same").
 *
 * @example <Edit redirect={false} queryOptions={FRESH_RECORD} mutationOptions={{ ...FRESH_RECORD, onSuccess }} />
 */
export const FRESH_RECORD = { meta: { cache: false } } as const;
