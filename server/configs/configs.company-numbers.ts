/**
 * The company's registration and VAT numbers follow its config (server/README.md, "Company numbers"):
 * the config's company-information stage is where the dealer states them, validated by the engine,
 * so a stage write that changes that stage copies its filled-in numbers to the company row (the
 * profile shows them) in the same statement as the write (configs.store.ts storeWrite).
 */
import type { ConfigDocument } from '../../engine';

export const COMPANY_STAGE = 'company-information';

export interface CompanyNumbers {
  regNumber: string | null;
  vatNumber: string | null;
}

const filled = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * The numbers to copy to the company after a write that changed `changedStages`, or null when the
 * company-information stage did not change. A number not filled in (a draft) leaves the company's
 * as it is: an unfinished stage never blanks the profile.
 * @example companyNumbersOf(['company-information'], doc) // { regNumber: '01234567', vatNumber: 'GB987654321' }
 */
export function companyNumbersOf(changedStages: readonly string[], doc: ConfigDocument): CompanyNumbers | null {
  if (!changedStages.includes(COMPANY_STAGE)) return null;
  const info = (doc[COMPANY_STAGE]?.companyInformation ?? {}) as Record<string, unknown>;
  const numbers = { regNumber: filled(info.regNumber), vatNumber: filled(info.vatNumber) };
  return numbers.regNumber || numbers.vatNumber ? numbers : null;
}
