/**
 * The failures services, stores and the engine's translation speak: what went wrong in the
 * domain's words (not found, forbidden, stale, invalid...), never an HTTP status. One place,
 * the error handler in server/http/errors.ts, turns each into its status and the spec's error
 * shape `{message, errors?: [{detail, field?}]}`, so no code below the routes knows HTTP and a
 * status cannot drift between two copies of the same refusal.
 *
 * `message` and each `detail` are sent as they are: take them from serverMessages (the catalogue
 * tests/locales/error-codes.test.ts checks), never inline English.
 */

/** One error detail of the spec's error shape. */
export interface ErrorDetail {
  detail: string;
  field?: string;
}

/** A refusal meant for the client; its class says which (the handler maps it to a status). */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly errors?: ErrorDetail[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request itself is malformed (400): a bad parameter, body or file, before any record is read. */
export class BadRequest extends DomainError {}

/** No valid sign-in, token or link (401). */
export class Unauthorized extends DomainError {}

/** Signed in, but not allowed to do this (403). */
export class Forbidden extends DomainError {}

/** No such record, or none the viewer may see (404: tenancy answers alike for both). */
export class NotFound extends DomainError {}

/** The request clashes with the records' current state (409): taken, in use, last administrator. */
export class Conflict extends DomainError {}

/**
 * A write computed from an old version of a config (409): carries the current version so the
 * client can reload and retry, and names `version` as the field.
 */
export class Stale extends Conflict {
  constructor(
    readonly version: number,
    message: string,
  ) {
    super(message, [{ detail: message, field: 'version' }]);
  }
}

/** A file larger than allowed (413). */
export class TooLarge extends DomainError {}

/** A file of a type not accepted at all (415). */
export class Unsupported extends DomainError {}

/** Well-formed input the domain refuses (422), field by field. */
export class Invalid extends DomainError {}

/** Over a rate limit (429): says when to try again (Retry-After, in seconds). */
export class TooMany extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * A service the server relies on (DocuSign) refused or failed the call (502): the message carries
 * the service's own words, so staff can tell a missing consent from a bad address.
 */
export class Upstream extends DomainError {}

/** That service did not answer in time (504). */
export class UpstreamTimeout extends Upstream {}
