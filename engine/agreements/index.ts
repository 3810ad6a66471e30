// The order form's subscription maths (issue 27), shared by the agreement form, its preview, the
// PDF and the server. See README.md for the pricing rules and why each is what it is.
export * from './constants';
export * from './types';
export { basisPoints, MINOR_PER_MAJOR, percentOf, toMajor, toMinor } from './money';
export { childIds, defaultProducts, priceSubscription } from './price';
export { checkSubscription } from './check';
export {
  agreementTransition,
  agreementTransitions,
  ForbiddenAgreementTransitionError,
  IllegalAgreementTransitionError,
  type AgreementAction,
  type AgreementTransition,
} from './lifecycle';
export { AGREEMENT_STAGES, AGREEMENT_TYPES, type AgreementStage, type AgreementType } from '../../contract/agreements';
