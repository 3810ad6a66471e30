import type { ComponentType } from 'react';
import pages from '../pages/routes';
import { pathOf, routeAt } from './routeAt';

/**
 * The pages a signed-out visitor opens, which the light signed-out shells show (shell/PublicApp.tsx;
 * Login at first without a router, shell/LoginShell.tsx)
 * without loading react-admin and the staff screens: the pages area's, but Logout (it needs the
 * app). The signed-in app shows the same pages (routing/routeElements.tsx), e.g. after signing out.
 */
const { Logout: _needsTheApp, ...publicPages } = pages.pages;
export const PUBLIC_PAGES: Readonly<Record<PublicRouteName, ComponentType>> = publicPages;

export type PublicRouteName = Exclude<keyof typeof pages.pages, 'Logout'>;

/** Whether the signed-out shell has the page of `hash` (the bare address leads to Login). */
export function isPublicAt(hash: string): boolean {
  if (pathOf(hash) === '/') return true;
  const name = routeAt(hash);
  return Boolean(name && name in PUBLIC_PAGES);
}

/** Whether `hash` is the sign-in page (the bare address leads there): the router-free shell's one page. */
export function isLoginAt(hash: string): boolean {
  return pathOf(hash) === '/' || routeAt(hash) === 'Login';
}
