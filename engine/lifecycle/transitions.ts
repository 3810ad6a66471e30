/**
 * Stage states and who may move a stage between them (spec section 4), as one table. Anything not
 * in the table is illegal; a row the user's permissions do not allow is forbidden. Neither is ever
 * a silent no-op.
 */
import type { StageState } from '../types';
import { EDIT_CONFIGS, MANAGE_CONFIGS, hasAny } from './permissions';

export type StageAction = 'save' | 'reset';

export interface Transition {
  from: StageState;
  to: StageState;
  action: StageAction;
  /** Permissions that allow it (any one). Dealers hold 'edit configs'; staff 'manage configs'. */
  allowed: readonly string[];
  note: string;
}

const BOTH = [EDIT_CONFIGS, MANAGE_CONFIGS] as const;
const STAFF = [MANAGE_CONFIGS] as const;

/**
 * The lifecycle table.
 * @example stageTransitions.filter((t) => t.from === 'submitted').map((t) => t.to) // ['submitted', 'completed', 'draft', 'draft']
 */
export const stageTransitions: readonly Transition[] = Object.freeze([
  { from: 'draft', to: 'draft', action: 'save', allowed: BOTH, note: 'Saving a draft stores the data; the stage stays a draft.' },
  { from: 'draft', to: 'submitted', action: 'save', allowed: BOTH, note: 'Submitting stores the data and hands the stage to staff.' },
  { from: 'submitted', to: 'submitted', action: 'save', allowed: STAFF, note: 'Once submitted, the dealer can no longer amend it; staff can.' },
  { from: 'submitted', to: 'completed', action: 'save', allowed: STAFF, note: 'Staff mark a submitted stage completed.' },
  { from: 'submitted', to: 'draft', action: 'save', allowed: STAFF, note: 'Staff return a submitted stage to the dealer as a draft.' },
  { from: 'completed', to: 'submitted', action: 'save', allowed: BOTH, note: 'Resubmitting a completed stage updates its values (saving a completed stage requires re-submission).' },
  { from: 'completed', to: 'completed', action: 'save', allowed: STAFF, note: 'Staff amend a completed stage.' },
  { from: 'draft', to: 'draft', action: 'reset', allowed: BOTH, note: 'Reset returns the stage to an empty draft.' },
  { from: 'submitted', to: 'draft', action: 'reset', allowed: STAFF, note: 'Staff reset a submitted stage to an empty draft.' },
  { from: 'completed', to: 'draft', action: 'reset', allowed: STAFF, note: 'Staff reset a completed stage to an empty draft.' },
] satisfies Transition[]);

/** No row of the table leads from `from` to `to` with this action. */
export class IllegalTransitionError extends Error {
  constructor(readonly from: StageState, readonly to: StageState, readonly action: StageAction) {
    super(
      `Illegal stage transition: ${action} from "${from}" to "${to}". ` +
        (from === 'completed' && to === 'draft' && action === 'save'
          ? 'A completed stage must be re-submitted (state "submitted") to change its values.'
          : `Allowed from "${from}": ${stageTransitions.filter((t) => t.from === from).map((t) => `${t.action} -> ${t.to}`).join(', ')}.`),
    );
    this.name = 'IllegalTransitionError';
  }
}

/** The row exists but none of the user's permissions allows it. */
export class ForbiddenTransitionError extends Error {
  constructor(readonly transition: Transition) {
    super(
      `Not allowed: ${transition.action} from "${transition.from}" to "${transition.to}" needs one of: ${transition.allowed.join(', ')}. ${transition.note}`,
    );
    this.name = 'ForbiddenTransitionError';
  }
}

/**
 * Finds the transition and checks the user may take it; throws when illegal or forbidden.
 * @example transitionStage({ from: 'draft', to: 'submitted', permissions: ['edit configs'] }).note
 */
export function transitionStage(args: {
  from: StageState;
  to: StageState;
  action?: StageAction;
  permissions: readonly string[];
}): Transition {
  const action = args.action ?? 'save';
  const row = stageTransitions.find((t) => t.from === args.from && t.to === args.to && t.action === action);
  if (!row) throw new IllegalTransitionError(args.from, args.to, action);
  if (!hasAny(args.permissions, row.allowed)) throw new ForbiddenTransitionError(row);
  return row;
}
