/**
 * GET /agreements and GET /companies/{id}/agreements: ra-data-simple-rest (sort, range, filter
 * {q, id, stage, company_id, user_id, archived, your_turn}) and the spec's plain `stage` (and `q`). Archived
 * agreements are left out unless `archived` is true, which lists only them. Tenancy is in the
 * query: a dealer lists their own company's agreements only.
 */
import { and, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AGREEMENT_STAGES } from '../../contract/agreements';
import type { Db } from '../db/database';
import { agreements, companies, users } from '../db/schema';
import { companyScope, type Viewer } from '../db/tenancy';
import { cleanText } from '../http/clean-text';
import { whereKey } from '../http/ids';
import { likePattern, pageOf, simpleRest, type Page } from '../http/simple-rest';
import { serverMessages } from '../messages';
import { regionSlugOf } from './agreements.store';
import { listItem } from './agreements.view';
import { holdsTurnSql } from './agreements.your-turn';
import type { AgreementListItem } from '../../contract/agreements';
import { NotFound } from '../domain-errors';

const rest = simpleRest(serverMessages.agreements.bad_query);

const contractValue = sql<number>`(${agreements.subscription}->>'contractValue')::numeric`;
const monthlyValue = sql<number>`(${agreements.subscription}->>'monthlyContractValue')::numeric`;

/** Sortable columns by the answer's names (the values are read from the subscription document). */
const SORTABLE: Record<string, AnyPgColumn> = {
  id: agreements.id,
  name: agreements.name,
  type: agreements.type,
  stage: agreements.stage,
  company_name: companies.name,
  created_at: agreements.createdAt,
  updated_at: agreements.updatedAt,
  sent_at: agreements.sentAt,
  signed_at: agreements.signedAt,
  contract_value: contractValue as unknown as AnyPgColumn,
  monthly_contract_value: monthlyValue as unknown as AnyPgColumn,
};
const FILTER_KEYS = ['q', 'id', 'stage', 'company_id', 'user_id', 'archived', 'your_turn'];

export interface AgreementListQuery {
  sort?: string;
  range?: string;
  filter?: string;
  q?: string;
  stage?: string;
}

/** A yes/no filter (`archived`, `your_turn`): absent or false is no, true is yes, anything else 400 at it. */
function flagFilter(value: unknown, field: string): boolean {
  if (value === undefined || value === null || value === '' || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw rest.bad(field);
}

/** One page of the agreements the viewer may see (of one company with `companyKey`), newest change first. */
export async function listAgreements(db: Db, viewer: Viewer, query: AgreementListQuery, companyKey?: string): Promise<Page<AgreementListItem>> {
  const f = rest.filter(query.filter, FILTER_KEYS);
  const q = rest.search(query.q ?? f.q, query.q !== undefined ? 'q' : 'filter.q');
  const stage = query.stage !== undefined ? rest.oneOf({ stage: query.stage }, 'stage', AGREEMENT_STAGES) : rest.oneOf(f, 'stage', AGREEMENT_STAGES);
  const ids = rest.ids(f.id, 'id');
  const companyIds = rest.ids(f.company_id, 'company_id');
  const userIds = rest.ids(f.user_id, 'user_id');
  const archived = flagFilter(f.archived, 'filter.archived');
  // Issue 57: only those the reader may sign now (the dashboard's card).
  const yourTurn = flagFilter(f.your_turn, 'filter.your_turn');
  let company: SQL | undefined;
  if (companyKey !== undefined) {
    const key = whereKey(companyKey, companies.id, companies.guid);
    const [found] = key ? await db.select({ id: companies.id }).from(companies).where(and(key, companyScope(viewer, companies.id))) : [];
    if (!found) throw new NotFound(serverMessages.not_found);
    company = eq(agreements.companyId, found.id);
  }
  const order = rest.sort(query.sort, SORTABLE, ['updated_at', 'DESC'], agreements.id);
  const range = rest.range(query.range);
  const pattern = q ? likePattern(cleanText(q)) : null;
  const where = and(
    companyScope(viewer, agreements.companyId),
    company,
    archived ? isNotNull(agreements.archivedAt) : isNull(agreements.archivedAt),
    stage ? eq(agreements.stage, stage) : undefined,
    ids ? inArray(agreements.id, ids) : undefined,
    companyIds ? inArray(agreements.companyId, companyIds) : undefined,
    userIds ? inArray(agreements.userId, userIds) : undefined,
    pattern ? or(ilike(agreements.name, pattern), ilike(companies.name, pattern)) : undefined,
    yourTurn ? holdsTurnSql(viewer, agreements) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: agreements.id,
        guid: agreements.guid,
        name: agreements.name,
        type: agreements.type,
        stage: agreements.stage,
        archivedAt: agreements.archivedAt,
        companyId: agreements.companyId,
        companyGuid: companies.guid,
        companyName: companies.name,
        regionSlug: regionSlugOf(agreements.companyId),
        lang: agreements.lang,
        userId: agreements.userId,
        salespersonName: users.name,
        contractValue,
        monthlyContractValue: monthlyValue,
        createdAt: agreements.createdAt,
        updatedAt: agreements.updatedAt,
        sentAt: agreements.sentAt,
        remindAfterDays: agreements.remindAfterDays,
        expiresAt: agreements.expiresAt,
        signedAt: agreements.signedAt,
        yourTurn: holdsTurnSql(viewer, agreements),
      })
      .from(agreements)
      .innerJoin(companies, eq(companies.id, agreements.companyId))
      .leftJoin(users, eq(users.id, agreements.userId))
      .where(where)
      .orderBy(...order)
      .limit(range.end - range.start + 1)
      .offset(range.start),
    // The company join only when the search reads the company's name.
    pattern
      ? db.select({ total: count() }).from(agreements).innerJoin(companies, eq(companies.id, agreements.companyId)).where(where)
      : db.select({ total: count() }).from(agreements).where(where),
  ]);
  return pageOf(rows.map(listItem), total, range);
}
