import type { AgreementDetail } from '../../contract/agreements';
import { http } from '../http';

/**
 * Issue 57's calls beside the order form's own (api.ts): a signer declines, staff void or copy a
 * closed agreement, and the signer choice's user searches. Errors
 * are the caller's to show (notify: false), so a 422's words go under the reason.
 */

/** A user as the signer choice lists them (GET /users, GET /agreements/countersigners). */
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
 * Who may countersign, by name or email (GET /agreements/countersigners: active users whose role
 * holds 'countersign agreements'), so the picker offers nobody the server would refuse.
 */
export async function searchStaff(q: string, signal?: AbortSignal): Promise<UserChoice[]> {
  const rows = await http.get<UserChoice[]>('/agreements/countersigners', { cache: false, notify: false, signal, query: q.trim() ? { q: q.trim() } : {} });
  return (rows ?? []).map(({ id, name, email }) => ({ id, name, email }));
}
