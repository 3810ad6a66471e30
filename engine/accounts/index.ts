// Account input rules shared by the browser forms and the server (spec sections 5 and 9).
export * from './constants';
export { accountError, ACCOUNT_NAMESPACE, type AccountCheck, type AccountError } from './messages';
export { isEmail, toId, toIds, trimmed } from './input';
export { isHiddenRegion, languageForRegion, makesHidden, visibleRegions } from './regions';
export { validateForgotPassword, validateLogin, type LoginValues } from './login';
export {
  validateRegisterStep1, validateRegisterStep2, validateRegistration,
  type RegisterStep1Values, type RegisterStep2Input, type RegisterStep2Values,
} from './register';
export { passwordLengthError, validatePasswordReset, validatePasswordSet, type PasswordResetValues } from './password';
