import type { CompanyChoice, SessionCompany, SessionUser } from '../auth/types';

/** What the session holds (session.ts), as useSession() gives it to components. */
export type SessionStatus = 'checking' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  company: SessionCompany | null;
  /** The companies the user belongs to (GET /users/current); more than one: the switcher offers them. */
  companies?: CompanyChoice[];
  expiresAt: number | null;
  /** The session-expired login modal is open. */
  modalOpen: boolean;
}

export interface RegisterPayload {
  user: { name: string; email: string; password: string; primary: 1 };
  company: { name: string; lang: string };
  terms: number[];
  accept_terms: true;
}

/** Before the session check has answered. */
export const INITIAL_SESSION: SessionState = { status: 'checking', user: null, company: null, companies: [], expiresAt: null, modalOpen: false };
