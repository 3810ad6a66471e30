import { sql } from 'drizzle-orm';

/**
 * A user's `partner` (spec section 3: "A partner attribute on the user maps to a partner id for the
 * company"): the id of the partner term (taxonomy `partner`) of the user's company, or null when the
 * company has none or the user has no company. The company is the user's current one (the one they
 * chose, else their first: db/tenancy.ts `currentCompanyOf`), the one GET /users/current answers
 * with and `company_id` names. Read from the company's terms on every
 * read, never stored on the user, so a change of the company's partner shows on its users at once
 * (the `users.partner` column is no longer read or written).
 *
 * Plain SQL naming `"users"."id"`: for a select whose FROM is the users table. Drizzle renders a
 * column inside a selected sql`` unqualified, which the subquery would bind to its own tables.
 */
export const partnerOfUser = () =>
  sql<number | null>`(select min(ct.term_id) from company_terms ct
    join terms t on t.id = ct.term_id join taxonomies x on x.id = t.taxonomy_id
    where x.slug = 'partner'
      and ct.company_id = coalesce((select cc.company_id from current_companies cc where cc.user_id = "users"."id"),
        (select min(cu.company_id) from company_users cu where cu.user_id = "users"."id")))`;
