import type { LocalNames } from '../../contract/names';

/** Shapes of `GET /api/users/current` (brief's server contract). */
export interface Permission {
  id: number;
  name: string;
}

export interface Role {
  id: number;
  name: string;
  permissions: Permission[];
}

export interface SessionUser {
  id: number;
  guid?: string;
  name: string;
  email: string;
  avatar?: string | null;
  telephone?: string | null;
  position?: string | null;
  primary?: boolean;
  foc_approver?: boolean;
  /** The partner term id of the user's company (taxonomy `partner`), or null: read only, set on the company. */
  partner?: number | null;
  roles: Role[];
}

export interface Term {
  id: number;
  name: string;
  slug: string;
  /** Staff's words for the term per locale (issue 54; contract/names.ts), read by `words.term`. */
  names?: LocalNames;
}

export interface SessionCompany {
  id: number;
  guid?: string;
  name: string;
  lang?: string;
  stage?: 'configurator' | 'showcase' | 'created' | string;
  status?: string;
  taxonomies?: Array<{ id: number; taxonomy: string; term: Term }>;
  users?: Array<{ id: number; guid?: string; name: string; email: string; primary?: boolean }>;
}

/** A company the user belongs to, as GET /users/current lists them (the ones they may switch to). */
export interface CompanyChoice {
  id: number;
  name: string;
}

export interface CurrentUserResponse {
  user: SessionUser;
  /** The user's current company: the one the server holds them to (issue 54). */
  company: SessionCompany | null;
  /** Every company the user belongs to, by name. */
  companies?: CompanyChoice[];
}

export interface TokenResponse {
  access_token: string;
  expires_in: number;
}
