import { http } from '../../http';

// The account pages' calls (spec section 4), all without a session: no bearer, no 401 recovery,
// no growl from the client (each page words the refusal itself).
const PUBLIC = { auth: false, recover: false, notify: false } as const;

/** `POST /password/email`: mails a reset link. */
export const sendResetLink = (email: string) => http.post('/password/email', { email, webAddress: location.origin }, PUBLIC);

/** `POST /password/reset`: a new password with a reset link's token. */
export const resetPassword = (v: { token: string; email: string; password: string; passwordConfirmation: string }) =>
  http.post('/password/reset', { token: v.token, email: v.email, password: v.password, password_confirmation: v.passwordConfirmation, webAddress: location.origin }, PUBLIC);

/** `GET /password/set/{token}`: whether a new user's set-password link is still good. */
export const checkSetPasswordToken = (token: string, signal?: AbortSignal) =>
  http.get(`/password/set/${encodeURIComponent(token)}`, { ...PUBLIC, cache: false, signal });

/** `POST /password/set`: a new user's first password. */
export const setPassword = (v: { token: string; password: string; passwordConfirmation: string }) =>
  http.post('/password/set', { token: v.token, password: v.password, password_confirmation: v.passwordConfirmation }, PUBLIC);

/** `POST /users/email/confirm`: confirms a change of email address (the link mailed to the new one). */
export const confirmEmail = (token: string) => http.post<{ email: string }>('/users/email/confirm', { token }, PUBLIC);

/** react-query keys of the account pages (the API resource first). */
export const accountKeys = {
  setPasswordToken: (token: string) => ['password', 'set', token] as const,
};
