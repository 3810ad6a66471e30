import type { AgreementStage } from './api';

/**
 * react-query keys of the agreement pages' reads: the API resource (`agreements`) first, the rule
 * of every area's `queryKeys.ts` (a write to /agreements marks them stale, src/data/queryClient.ts).
 */
export const agreementKeys = {
  /** One agreement with its pricing inputs (GET /agreements/{id}). */
  detail: (id: string) => ['agreements', 'detail', id] as const,
  /** A company's agreements in one stage (the dashboard's card). */
  ofCompany: (companyId: number, stage: AgreementStage | null) => ['agreements', 'company', companyId, stage ?? 'any'] as const,
  /** A company's agreements the reader may sign now (the dashboard's "waits for your signature"). */
  yourTurn: (companyId: number) => ['agreements', 'company', companyId, 'your-turn'] as const,
};
