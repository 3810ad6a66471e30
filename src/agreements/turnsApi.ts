import type { AgreementDetail } from '../../contract/agreements';
import { http } from '../http';

/**
 * Issue 57's calls beside the order form's own (api.ts): a signer declines, staff void or copy a
 * closed agreement, and the signer choice's user searches. Errors
 * are the caller's to show (notify: false), so a 422's words go under the reason.
 */

/** A user as the signer choice lists them (GET /users). */
export interface UserChoice {
  id: number;
  name: string;
  email: string;
}

/** The signer who declines gives the reason; the answer is the agreement, stage 'declined'. */
export async function declineAgreement(id: number, reason: string): Promise<AgreementDetail | undefined> {
  return http.post<AgreementDetail>(`/agreements/${id}/decline`, { reason }, { notify: false });
}

/** Staff withdraw a sent agreement with a reason; every signer is told. */
export async function voidAgreement(id: number, reason: string): Promise<AgreementDetail | undefined> {
  return http.post<AgreementDetail>(`/agreements/${id}/void`, { reason }, { notify: false });
}

/** A declined or voided agreement as a new draft (the answer is the new agreement). */
export async function copyAgreement(id: number): Promise<AgreementDetail | undefined> {
  return http.post<AgreementDetail>(`/agreements/${id}/copy`, undefined, { notify: false });
}

const userQuery = (filter: Record<string, unknown>, signal?: AbortSignal) => ({
  cache: false,
  notify: false,
  signal,
  query: { filter: JSON.stringify({ status: 'active', ...filter }), sort: JSON.stringify(['name', 'ASC']), range: JSON.stringify([0, 24]) },
});

/** Active users of one company by name or email: the dealer signers staff choose from. */
export async function searchCompanyUsers(companyId: number, q: string, signal?: AbortSignal): Promise<UserChoice[]> {
  const rows = await http.get<UserChoice[]>('/users', userQuery({ company_id: [companyId], ...(q.trim() ? { q: q.trim() } : {}) }, signal));
  return (rows ?? []).map(({ id, name, email }) => ({ id, name, email }));
}

/**
 * Active users by name or email for the countersigner. The users list has no filter by
 * permission, so anyone is offered; the server refuses one without 'countersign agreements' (422
 * at countersigner_id, in words).
 */
export async function searchStaff(q: string, signal?: AbortSignal): Promise<UserChoice[]> {
  const rows = await http.get<UserChoice[]>('/users', userQuery(q.trim() ? { q: q.trim() } : {}, signal));
  return (rows ?? []).map(({ id, name, email }) => ({ id, name, email }));
}
