import { eq, inArray } from 'drizzle-orm';
import { isHiddenRegion, languageForRegion, validateRegistration } from '../../engine/accounts';
import { companies, companyTerms, companyUsers, taxonomies, terms, userRoles, users } from '../db/schema';
import { BadRequest } from '../domain-errors';
import { serverMessages } from '../messages';
import { hashPassword } from './auth.passwords';
import { countAttempts, rateKeys } from './auth.rate-limit';
import { startSession } from './auth.sessions';
import type { SignedIn } from './auth.sign-in';
import { assertAccountCheck } from './auth.validation';
import { isUniqueViolation } from '../db/pg-errors';
import { cleanName } from '../http/clean-text';
// The default client role (spec section 3: role id 1), which every self-registered user gets.
import { CLIENT_ROLE_ID } from '../../contract/roles';
// Term ids are PostgreSQL integers: a larger id cannot exist, and querying it would fail (500).
import { MAX_ID } from '../http/ids';
import type { AppServices } from '../plugins/services';

/** What this file's services use of the app (server/plugins/services.ts). */
type Deps = Pick<AppServices, 'db' | 'config' | 'auth'>;


export interface RegisterInput {
  user: { name?: string; email?: string; password?: string; primary?: number | boolean };
  company: { name?: string; lang?: string };
  terms?: number[];
  /** Optional: absent is the spec's payload (sent after consent); present, it must be true. */
  accept_terms?: boolean;
}

const FIELD_PATHS = {
  companyName: 'company.name', name: 'user.name', email: 'user.email', password: 'user.password',
  acceptTerms: 'accept_terms', makes: 'terms', region: 'terms', type: 'terms',
};


/**
 * POST /register: sorts the term ids into region/type/makes, runs the shared registration rules,
 * then creates company (language from region), its terms, the primary user with role 1 and a
 * session, in one transaction.
 */
export async function register(deps: Deps, input: RegisterInput, ip: string): Promise<SignedIn> {
  const ids = [...new Set(input.terms ?? [])];
  // Out-of-range ids are not looked up but stay in `ids`, so the unknown-terms check refuses them.
  const queryable = ids.filter((n) => n > 0 && n <= MAX_ID);
  const found = queryable.length
    ? await deps.db
        .select({ id: terms.id, slug: terms.slug, taxonomy: taxonomies.slug })
        .from(terms)
        .innerJoin(taxonomies, eq(taxonomies.id, terms.taxonomyId))
        .where(inArray(terms.id, queryable))
    : [];
  const regions = found.filter((t) => t.taxonomy === 'region');
  const types = found.filter((t) => t.taxonomy === 'type');
  const makes = found.filter((t) => t.taxonomy === 'make');

  const values = assertAccountCheck(
    validateRegistration({
      region: regions[0]?.id,
      type: types[0]?.id,
      // Names others will read: without bidirectional controls (http/clean-text.ts).
      companyName: input.company?.name === undefined ? undefined : cleanName(input.company.name),
      name: input.user?.name === undefined ? undefined : cleanName(input.user.name),
      email: input.user?.email,
      password: input.user?.password,
      // The spec's payload (user, company, terms) carries no consent flag: its form sends it only
      // once the terms checkbox is ticked (spec section 9, registration step 2), so the request
      // itself is the consent. A client that says more is taken at its word: `accept_terms` other
      // than true is refused with the terms message, never dropped.
      acceptTerms: input.accept_terms === undefined ? true : input.accept_terms,
      makes: makes.map((m) => m.id),
    }),
    FIELD_PATHS,
  );
  // Unknown ids, two regions or types, another taxonomy's terms, or a hidden (USA) region.
  const region = regions[0];
  if (found.length !== ids.length || regions.length !== 1 || types.length !== 1 || found.length !== 2 + makes.length || isHiddenRegion(region.slug)) {
    throw new BadRequest(serverMessages.invalid_terms, [{ detail: serverMessages.invalid_terms, field: 'terms' }]);
  }

  // Counted after the form checks (a typo costs nothing and they tell nothing about accounts) but
  // before the email check: "The email has already been taken." tells whether an account exists,
  // so that answer is rationed per address and, last, for everyone together (a list of emails
  // spread over many addresses), as is the argon2 hash that follows.
  const rules = deps.config.rateLimits;
  await countAttempts(deps, [
    [rateKeys.register(ip), rules.register],
    [rateKeys.registerGlobal(), rules.registerGlobal],
  ]);
  const email = values.email.toLowerCase();
  const taken = () => new BadRequest(serverMessages.email_taken, [{ detail: serverMessages.email_taken, field: 'user.email' }]);
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw taken();

  const passwordHash = await hashPassword(values.password);
  try {
    const user = await deps.db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ name: values.companyName, lang: languageForRegion(region.slug), stage: 'configurator', contactName: values.name })
        .returning({ id: companies.id });
      const termIds = [values.region!, values.type!, ...values.makes];
      await tx.insert(companyTerms).values(termIds.map((termId) => ({ companyId: company.id, termId })));
      const [row] = await tx.insert(users).values({ name: values.name, email, passwordHash, primary: true }).returning();
      await tx.insert(userRoles).values({ userId: row.id, roleId: CLIENT_ROLE_ID });
      await tx.insert(companyUsers).values({ companyId: company.id, userId: row.id });
      return row;
    });
    const refresh = await startSession(deps.db, user.id, false);
    return { body: await deps.auth.issueAccess(user, refresh), refresh };
  } catch (err) {
    // Two registrations of one email at once: the unique index decides, the loser gets the same 400.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}
