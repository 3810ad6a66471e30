import { describe, expect, it } from 'vitest';
import type { SavedEvent } from '../../../contract/reviews';
import { fieldsOverlap, liveSaveAction, type PageSide } from '../../../src/configurator/live/liveSave';
import { parseEvents, reconnectDelay } from '../../../src/configurator/live/sse';
import { initials } from '../../../src/configurator/live/initials';

const pat = { id: 7, name: 'Pat Project', avatar: null };
const saved = (over: Partial<SavedEvent> = {}): SavedEvent => ({ version: 5, stage: 'locations', by: pat, fields: ['/locations/0/postcode'], ...over });
const page = (over: Partial<PageSide> = {}): PageSide => ({ userId: 3, version: 4, writing: false, unsent: false, mine: [], ...over });

describe('what a stage page does with another person\'s save', () => {
  it('brings the new version in when the page has no unsent edits', () => {
    expect(liveSaveAction(saved(), page())).toBe('show');
  });

  it('merges when the reader\'s edits do not touch the fields they changed', () => {
    expect(liveSaveAction(saved(), page({ unsent: true, mine: ['/locations/1/name', '/locations/0/phone'] }))).toBe('merge');
  });

  it('offers their version when a field both changed overlaps (same field, a row holding it, the whole stage)', () => {
    expect(liveSaveAction(saved(), page({ unsent: true, mine: ['/locations/0/postcode'] }))).toBe('offer');
    expect(liveSaveAction(saved(), page({ unsent: true, mine: ['/locations/0'] }))).toBe('offer');
    expect(liveSaveAction(saved({ fields: [''] }), page({ unsent: true, mine: ['/x'] }))).toBe('offer');
  });

  it('ignores its own save, a version it has, and saves that changed nothing of this stage', () => {
    expect(liveSaveAction(saved({ by: { ...pat, id: 3 } }), page({ writing: true }))).toBe('ignore');
    expect(liveSaveAction(saved({ version: 4 }), page())).toBe('ignore');
    expect(liveSaveAction(saved({ fields: [] }), page())).toBe('ignore');
    // The same user in another tab is someone else.
    expect(liveSaveAction(saved({ by: { ...pat, id: 3 } }), page())).toBe('show');
    // An account that is gone still saved.
    expect(liveSaveAction(saved({ by: null }), page())).toBe('show');
  });

  it('tells overlapping pointers by whole segments', () => {
    expect(fieldsOverlap('/a/1', '/a/10')).toBe(false);
    expect(fieldsOverlap('/a/1', '/a/1/b')).toBe(true);
  });
});

describe('the event stream\'s text', () => {
  it('reads named JSON events, skips comments, keeps an unfinished block for later', () => {
    const { events, rest } = parseEvents(': open\n\nevent: presence\ndata: {"users":[]}\n\n: ping\n\nevent: saved\ndata: {"version":2');
    expect(events).toEqual([{ event: 'presence', data: { users: [] } }]);
    expect(rest).toBe('event: saved\ndata: {"version":2');
    expect(parseEvents(`${rest},"fields":[]}\r\n\r\n`).events).toEqual([{ event: 'saved', data: { version: 2, fields: [] } }]);
  });

  it('keeps the last event id, an id alone included, to send back when connecting again', () => {
    const { events, lastId } = parseEvents('event: saved\nid: 7\ndata: {"version":7}\n\nid: 9\n\n');
    expect(events).toEqual([{ event: 'saved', data: { version: 7 } }]);
    expect(lastId).toBe('9');
    expect(parseEvents('event: presence\ndata: {"users":[]}\n\n').lastId).toBeUndefined();
  });

  it('waits longer after each failure, up to half a minute', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 10].map((n) => reconnectDelay(n, mid))).toEqual([1000, 2000, 4000, 30_000]);
  });

  it('makes initials of a name', () => {
    expect([initials('Pat Project'), initials('dana'), initials('  Jean-Luc  de la Tour ')]).toEqual(['PP', 'D', 'JT']);
  });
});
