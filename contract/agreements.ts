/** The agreement (order form) enumerations server, engine and app share (spec sections 3 and 4). */

/**
 * Spec section 4: an agreement is `created`, then sent for signature, then signed (archiving is a
 * flag beside the stage, so an archived agreement keeps the stage it reached).
 */
export const AGREEMENT_STAGES = ['created', 'sent', 'signed'] as const;
export type AgreementStage = (typeof AGREEMENT_STAGES)[number];

/**
 * What an order form is for (the spec names the field `type`, not its values): a first order,
 * the renewal of a term that ends, or an amendment that adds products to a signed one.
 */
export const AGREEMENT_TYPES = ['new', 'renewal', 'amendment'] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];
