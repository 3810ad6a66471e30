import { lazyPage } from '../routing/lazyPage';
import { defineArea, pub } from '../routing/define';
import LoginPage from './auth/LoginPage';

/**
 * The signed-out pages (the light signed-out shell shows them too, routing/publicPages.ts) and
 * Logout. Login comes with the app's first chunk (the first page most visitors see); the others
 * when first opened.
 */
export default defineArea({
  routes: [
    pub('Login', '/login', 'routes.login'),
    pub('Register', '/register', 'routes.register'),
    pub('PasswordEmailReset', '/password/email/reset', 'routes.passwordEmailReset'),
    pub('PasswordReset', '/password/reset/:token', 'routes.passwordReset'),
    pub('PasswordSet', '/password/set/:token', 'routes.passwordSet'),
    // The link mailed to a new email address (issue 25): opened on any device, signed in or not.
    pub('Email Confirm', '/email/confirm/:token', 'routes.emailConfirm'),
    pub('Cookie Policy', '/cookie-policy', 'routes.cookiePolicy'),
    pub('Terms Conditions', '/terms-conditions', 'routes.termsConditions'),
    pub('Privacy Policy', '/privacy-policy', 'routes.privacyPolicy'),
    // Issue 57: anyone checks a PDF the portal issued (the agreements' texts; a signed-out page, so here).
    pub('Verify Document', '/verify-document', 'routes.verifyDocument'),
    pub('Logout', '/logout', 'routes.logout'),
  ],
  pages: {
    Login: LoginPage,
    Register: lazyPage(() => import('./auth/RegisterPage')),
    PasswordEmailReset: lazyPage(() => import('./auth/ForgotPasswordPage')),
    PasswordReset: lazyPage(() => import('./auth/ResetPasswordPage')),
    PasswordSet: lazyPage(() => import('./auth/SetPasswordPage')),
    'Email Confirm': lazyPage(() => import('./auth/ConfirmEmailPage')),
    'Cookie Policy': lazyPage(() => import('./static/CookiePolicyPage')),
    'Terms Conditions': lazyPage(() => import('./static/TermsConditionsPage')),
    'Privacy Policy': lazyPage(() => import('./static/PrivacyPolicyPage')),
    'Verify Document': lazyPage(() => import('./verify/VerifyDocumentPage')),
    // Signing out needs the app (the session's end, react-admin's caches).
    Logout: lazyPage(() => import('./auth/LogoutPage')),
  },
});
