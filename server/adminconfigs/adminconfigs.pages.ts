/**
 * A layout's pages as stored: every name trimmed and required, names and ids unique within the
 * layout, blank sections refused, a template for every page ('standard' when none is sent), ids
 * kept when sent and made when not. The stage the pages are copied into
 * (schemas/stages/internal-pages.json) asks the same, so a stored layout always applies. A page's
 * `names` (its name in other locales, contract/names.ts) are checked like every data word's
 * (http/local-names.ts; 422 on `pages.{i}.names(.{locale})`) and stored only when there are any.
 */
import { LAYOUT_LIMITS, type PageTemplate } from '../../contract/adminconfigs';
import type { StoredPage } from '../db/schema/adminconfigs';
import { generateId } from '../../engine';
import { Invalid, type ErrorDetail } from '../domain-errors';
import { cleanName, cleanText } from '../http/clean-text';
import { namesProblems } from '../http/local-names';
import { serverMessages } from '../messages';


/** A page as a write sends it (the route schema has checked types, lengths and the template). */
export interface PageInput {
  id?: string;
  name: string;
  template?: PageTemplate;
  sections?: string[];
  notes?: string | null;
  /** The name in other locales; checked here. */
  names?: unknown;
}

/** The layout's name as stored: trimmed, without bidirectional controls; blank is a 422 on `name`. */
export function checkedName(name: string | undefined): string {
  const clean = cleanName(name ?? '').trim();
  if (!clean) throw new Invalid(serverMessages.adminconfigs.name_required, [{ detail: serverMessages.adminconfigs.name_required, field: 'name' }]);
  return clean;
}

/** Every problem at once, each on its field (`pages.{i}.name`, `pages.{i}.sections.{j}`), so the form marks them all. */
export function checkedPages(input: readonly PageInput[]): StoredPage[] {
  const errors: ErrorDetail[] = [];
  const names = new Set<string>();
  const ids = new Set<string>();
  const sentIds = input.map((p) => p.id).filter((id): id is string => Boolean(id));
  const pages = input.map((p, i): StoredPage => {
    const name = cleanName(p.name ?? '').trim();
    if (!name) errors.push({ detail: serverMessages.adminconfigs.page_name_required, field: `pages.${i}.name` });
    else if (names.has(name.toLowerCase())) errors.push({ detail: serverMessages.adminconfigs.page_name_repeated, field: `pages.${i}.name` });
    names.add(name.toLowerCase());
    if (p.id && ids.has(p.id)) errors.push({ detail: serverMessages.adminconfigs.page_id_repeated, field: `pages.${i}.id` });
    const id = p.id || generateId([...sentIds, ...ids]);
    ids.add(id);
    const sections = (p.sections ?? []).map((s, j) => {
      const clean = cleanName(s).trim();
      if (!clean) errors.push({ detail: serverMessages.adminconfigs.section_blank, field: `pages.${i}.sections.${j}` });
      return clean;
    });
    const local = p.names === undefined ? undefined : namesProblems(p.names, `pages.${i}.names`);
    if (local) errors.push(...local.errors);
    const page = { id, name: name.slice(0, LAYOUT_LIMITS.name), template: p.template ?? 'standard', sections, notes: cleanText(p.notes ?? '').trim() };
    return local && Object.keys(local.names).length ? { ...page, names: local.names } : page;
  });
  if (errors.length) throw new Invalid(errors[0].detail, errors);
  return pages;
}
