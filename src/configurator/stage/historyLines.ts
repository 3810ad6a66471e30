/**
 * A revision's changes (as the server lists them: one per changed pointer, whole lists where a list
 * changed length or order) as the lines the history panel shows: rows matched by id, so removing
 * Kia is one line "Franchises › Kia removed", rows and references named, hidden fields left out.
 * Pure.
 */
import { hasStage, type CompanyFacts, type Translate } from '../../../engine';
import type { Revision, RevisionChange } from '../api';
import { changeLine, collectNames, inside, isRowPointer, lineText } from './changeLines';
import { diffData, getAtPointer, type FieldChange } from './diff';

export interface HistoryLine {
  key: string;
  stage: string;
  internal: boolean;
  text: string;
}

export interface HistoryLineOptions {
  /** The stage the panel belongs to: changes of other stages (cascades) are prefixed with their title. */
  slug: string;
  /** Internal notes are listed (the internal route). */
  showInternal: boolean;
  /** The config's current data: names rows the revision changed inside, and items ids point at. */
  doc: Record<string, unknown>;
  stageTitle(slug: string): string;
  t: Translate;
  /** The config's company (its region): a `visibleIf` reads it as `$company`, so fields hidden for it are left out. */
  company?: CompanyFacts;
}

const isContainer = (v: unknown) => typeof v === 'object' && v !== null;
const holdsRows = (v: unknown) => Array.isArray(v) && v.some(isContainer);
const emptyOf = (other: unknown) => (Array.isArray(other) ? [] : {});

/** A stored change opened into field-level changes (a first save holds the whole stage; a list changed length holds the whole list). */
function opened(c: RevisionChange): FieldChange[] {
  const whole = isRowPointer(c.field) && (c.old === undefined || c.new === undefined);
  if (whole || !(isContainer(c.old) || isContainer(c.new))) return [{ field: c.field, before: c.old, after: c.new }];
  const parts = diffData(c.old === undefined ? emptyOf(c.new) : c.old, c.new === undefined ? emptyOf(c.old) : c.new, c.field);
  // A list of rows set or cleared at once is a line per row ("Locations › York added").
  return parts.flatMap((p) => ((p.before === undefined && holdsRows(p.after)) || (p.after === undefined && holdsRows(p.before)) ? diffData(p.before ?? [], p.after ?? [], p.field) : [p]));
}

const notesOf = (v: unknown) => {
  const notes = (v as { notes?: unknown } | undefined)?.notes;
  return typeof notes === 'string' && notes.trim() ? notes : '—';
};

/** The lines of one revision, in the order the server listed its changes. */
export function historyLines(rev: Pick<Revision, 'changes'>, opts: HistoryLineOptions): HistoryLine[] {
  const { t, doc, company } = opts;
  // Items this revision removed are gone from `doc`: ids pointing at them are named from its values.
  const names = new Map<string, string>();
  for (const c of rev.changes) collectNames([c.new, c.old], names);
  return rev.changes
    .filter((c) => opts.showInternal || !c.internal)
    .flatMap((c, i): HistoryLine[] => {
      const prefix = c.stage !== opts.slug ? `${opts.stageTitle(c.stage)} › ` : '';
      const line = (text: string, n = 0) => ({ key: `${i}:${n}`, stage: c.stage, internal: c.internal, text: `${prefix}${text}` });
      if (c.internal) return [line(`${t('common:configPages.stagePage.internalNotes')}: ${notesOf(c.old)} → ${notesOf(c.new)}`)];
      if (!hasStage(c.stage)) return [];
      const rowAt = (pointer: string) => inside(c.field, c.new, pointer) ?? inside(c.field, c.old, pointer) ?? getAtPointer(doc[c.stage], pointer);
      if (c.large) {
        // Left out of the page for its size: named, its values loaded with "Show all changes".
        const l = changeLine(c.stage, { field: c.field, before: c.old, after: c.new }, { doc, names, rowAt, company }, t);
        const side = (s: 'old' | 'new', text: string) => (c.large?.includes(s) ? t('common:configPages.stagePage.largeValue') : text);
        return [line(`${l?.label || opts.stageTitle(c.stage)}: ${side('old', l?.before ?? '—')} → ${side('new', l?.after ?? '—')}`)];
      }
      return opened(c).flatMap((part, n) => {
        const l = changeLine(c.stage, part, { doc, names, rowAt, company }, t);
        return l ? [line(lineText(l, t), n)] : [];
      });
    });
}

/**
 * What a request for changes (action `request_changes`, issue 55) says in the history: "Pat Project
 * requested changes: <message>", or without a message "Pat Project requested changes"; null for any
 * other revision. The message is read from `message`, else `source` (where an older answer kept it).
 * @example requestChangesText({ action: 'request_changes', user: { id: 2, name: 'Pat Project' }, message: 'Check the postcode' }, 'Someone', t) // 'Pat Project requested changes: Check the postcode'
 */
export function requestChangesText(rev: Pick<Revision, 'action' | 'user'> & { message?: unknown; source?: unknown }, someone: string, t: Translate): string | null {
  if (rev.action !== 'request_changes') return null;
  const name = rev.user?.name || someone;
  const said = [rev.message, rev.source].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return said ? t('configPages.stagePage.requestedChanges', { name, message: said.trim() }) : t('configPages.stagePage.requestedChangesNoMessage', { name });
}
