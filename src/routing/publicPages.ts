import type { ComponentType } from 'react';
import LoginPage from '../pages/auth/LoginPage';
import { lazyPage } from './lazyPage';
import { pathOf, routeAt } from './routeAt';
import type { RouteName } from './routes';

/**
 * The pages a signed-out visitor opens, which the light signed-out shell shows (shell/PublicApp.tsx)
 * without loading react-admin and the staff screens: Login (the first page most visitors see) with
 * the shell, the others when first opened. The signed-in app shows the same pages
 * (routing/routeElements.tsx), e.g. after signing out. Logout is not here: it needs the app.
 */
export const PUBLIC_PAGES = {
  Login: LoginPage,
  Register: lazyPage(() => import('../pages/auth/RegisterPage')),
  PasswordEmailReset: lazyPage(() => import('../pages/auth/ForgotPasswordPage')),
  PasswordReset: lazyPage(() => import('../pages/auth/ResetPasswordPage')),
  PasswordSet: lazyPage(() => import('../pages/auth/SetPasswordPage')),
  'Email Confirm': lazyPage(() => import('../pages/auth/ConfirmEmailPage')),
  'Cookie Policy': lazyPage(() => import('../pages/static/CookiePolicyPage')),
  'Terms Conditions': lazyPage(() => import('../pages/static/TermsConditionsPage')),
  'Privacy Policy': lazyPage(() => import('../pages/static/PrivacyPolicyPage')),
} satisfies Partial<Record<RouteName, ComponentType>>;

export type PublicRouteName = keyof typeof PUBLIC_PAGES;

/** Whether the signed-out shell has the page of `hash` (the bare address leads to Login). */
export function isPublicAt(hash: string): boolean {
  if (pathOf(hash) === '/') return true;
  const name = routeAt(hash);
  return Boolean(name && name in PUBLIC_PAGES);
}
