import { describe, expect, it } from 'vitest';
import { fieldPath } from '../../../src/configurator/stage/labels';
import { stageAbilities } from '../../../src/configurator/stage/lifecycle';

const DEALER = ['view configs', 'edit configs'];
const STAFF = ['view configs', 'manage configs'];

describe('what the stage page offers (engine lifecycle table)', () => {
  it('a dealer drafts and submits; a submitted stage is read-only; a completed one is only re-submitted', () => {
    expect(stageAbilities('draft', DEALER)).toEqual({ readonly: false, autosaveState: 'draft', canSubmit: true, canComplete: false, canReopen: false, canStartAgain: true, canLockRows: false });
    expect(stageAbilities('submitted', DEALER)).toMatchObject({ readonly: true, canStartAgain: false });
    expect(stageAbilities('completed', DEALER)).toMatchObject({ readonly: false, autosaveState: null, canSubmit: true });
  });

  it('staff may save a submitted stage as it is, complete it or reopen it', () => {
    expect(stageAbilities('submitted', STAFF)).toEqual({ readonly: false, autosaveState: 'submitted', canSubmit: false, canComplete: true, canReopen: true, canStartAgain: true, canLockRows: true });
    expect(stageAbilities('completed', STAFF)).toMatchObject({ autosaveState: 'completed', canReopen: false });
  });

  it('a user who may only view gets a read-only stage', () => {
    expect(stageAbilities('draft', ['view configs'])).toMatchObject({ readonly: true, canStartAgain: false });
  });
});

describe('field labels for JSON pointers', () => {
  const t = (key: string) => ({ 'configurator:fields.groupFeeds': 'Group feeds', 'configurator:fields.twitter': 'Twitter', 'configurator:fields.franchiseFeeds': 'Franchise feeds', 'configurator:fields.links': 'Links' })[key] ?? key;
  it('uses the schema titles through $refs; a row is its name, else its list and 1-based position', () => {
    expect(fieldPath('social-feeds', '/group/twitter', {}, t)).toBe('Group feeds › Twitter');
    expect(fieldPath('social-feeds', '/feeds/1/links/twitter', {}, t)).toBe('Franchise feeds 2 › Links › Twitter');
    expect(fieldPath('locations', '/locations/0/name', { locations: { locations: [{ id: 'a1b2c', name: 'Wisbech' }] } }, t)).toMatch(/ › Wisbech › /);
  });
});
