/**
 * What the signed-in user may do with a stage in its state, read from the engine's lifecycle table
 * (engine/lifecycle/transitions.ts, the one the server enforces), so the page offers exactly the
 * buttons the server will accept.
 */
import { MANAGE_CONFIGS, stageTransitions, type StageState } from '../../../engine';
import type { SessionUser } from '../../auth/types';

/** The names of every permission the user's roles hold. */
export function permissionNames(user: Pick<SessionUser, 'roles'> | null | undefined): string[] {
  return [...new Set((user?.roles ?? []).flatMap((r) => (r.permissions ?? []).map((p) => p.name)))];
}

/** True when a save from `from` to `to` is in the table and one of `permissions` allows it. */
export function maySave(from: StageState, to: StageState, permissions: readonly string[]): boolean {
  return allowedBy(from, to, 'save', permissions);
}

function allowedBy(from: StageState, to: StageState, action: 'save' | 'reset', permissions: readonly string[]): boolean {
  return stageTransitions.some((t) => t.action === action && t.from === from && t.to === to && t.allowed.some((p) => permissions.includes(p)));
}

export interface StageAbilities {
  /** No save of any kind is allowed: the form is read-only (a dealer's submitted stage). */
  readonly: boolean;
  /** The state background saves keep (state -> same state), or null: no autosave (a dealer's completed stage must be re-submitted). */
  autosaveState: StageState | null;
  canSubmit: boolean;
  /** Staff: submitted -> completed. */
  canComplete: boolean;
  /** Staff: submitted -> draft, back to the dealer. */
  canReopen: boolean;
  /** The server's reset (`action: 'reset'`) to an empty draft: a dealer's draft, staff in any state. */
  canStartAgain: boolean;
  /** Staff ('manage configs', as the engine's writeStage checks): lock and unlock table rows; others see locked rows read only. */
  canLockRows: boolean;
}

/** @example stageAbilities('submitted', ['edit configs']).readonly // true */
export function stageAbilities(state: StageState, permissions: readonly string[]): StageAbilities {
  const to = (target: StageState) => maySave(state, target, permissions);
  const canSubmit = state !== 'submitted' && to('submitted');
  const autosaveState = to(state) ? state : null;
  const canComplete = state === 'submitted' && to('completed');
  const canReopen = state === 'submitted' && to('draft');
  const canStartAgain = allowedBy(state, 'draft', 'reset', permissions);
  const canLockRows = permissions.includes(MANAGE_CONFIGS);
  return { readonly: !autosaveState && !canSubmit && !canComplete && !canReopen, autosaveState, canSubmit, canComplete, canReopen, canStartAgain, canLockRows };
}
