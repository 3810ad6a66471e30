// Review comments (issue 55), the pure parts: mention tokens, a body rendered escaped, the typing
// helpers of the mention box, who may do what, the history's line for a request for changes.
import { describe, expect, it } from 'vitest';
import { currentRequest } from '../../../src/configurator/review/api';
import { commentHtml, insertMention, mentionedIds, mentionQuery, mentionToken, parseMentions, plainBody } from '../../../src/configurator/review/mentions';
import { reviewAbilities } from '../../../src/configurator/review/abilities';
import { threadPreview } from '../../../src/configurator/review/threadLabels';
import { requestChangesText } from '../../../src/configurator/stage/historyLines';
import { formatRelativeTime } from '../../../src/i18n/format';

const role = (...permissions: string[]) => ({ roles: [{ id: 1, name: 'Role', permissions: permissions.map((name, i) => ({ id: i + 1, name })) }] });
const t = (key: string, params?: Record<string, unknown>) => `${key}${params ? ` ${JSON.stringify(params)}` : ''}`;

describe('mention tokens', () => {
  it('writes and reads @[Name](user:ID)', () => {
    expect(mentionToken({ id: 7, name: 'Pat Project' })).toBe('@[Pat Project](user:7)');
    expect(parseMentions('Hi @[Pat Project](user:7), see @[Hugo](user:5).')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', id: 7, name: 'Pat Project' },
      { kind: 'text', text: ', see ' },
      { kind: 'mention', id: 5, name: 'Hugo' },
      { kind: 'text', text: '.' },
    ]);
    expect(mentionedIds('@[A](user:1) @[B](user:2) @[A](user:1)')).toEqual([1, 2]);
    expect(plainBody('Thanks @[Pat Project](user:7)')).toBe('Thanks @Pat Project');
    // A preview reads as words, not markdown.
    expect(plainBody('Is this the **showroom** postcode? See [the map](https://example.test) and `LS1`\n> quoted\n- listed @[Pat](user:7)')).toBe(
      'Is this the showroom postcode? See the map and LS1\nquoted\nlisted @Pat',
    );
    expect(plainBody('snake_case_name stays')).toBe('snake_case_name stays');
  });

  it('a name with brackets cannot break the token', () => {
    const token = mentionToken({ id: 3, name: 'Ann [Sales]' });
    expect(parseMentions(`x ${token}`)).toEqual([{ kind: 'text', text: 'x ' }, { kind: 'mention', id: 3, name: expect.stringContaining('Ann') }]);
  });

  it('renders markdown escaped with mentions in bold', () => {
    const html = commentHtml('**Postcode** is wrong, @[Pat <b>Project</b>](user:7) <script>alert(1)</script> [x](javascript:alert(1))');
    expect(html).toContain('<strong>Postcode</strong>');
    expect(html).toContain('<strong class="mention" data-user="7">@Pat &lt;b&gt;Project&lt;/b&gt;</strong>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<b>');
  });

  it('markdown inside a name stays text', () => {
    expect(commentHtml('@[*Ann*_x_](user:2)')).toContain('>@*Ann*_x_</strong>');
  });

  it('finds the @name being typed and puts the token in its place', () => {
    expect(mentionQuery('Hi @pa', 6)).toEqual({ start: 3, query: 'pa' });
    expect(mentionQuery('mail@example', 12)).toBeNull();
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(insertMention('Hi @pa and more', 6, { id: 7, name: 'Pat Project' })).toEqual({ text: 'Hi @[Pat Project](user:7)  and more', caret: 26 });
  });

  it('previews a thread by its first comment left', () => {
    expect(threadPreview({ comments: [{ body: 'gone', deleted: true }, { body: 'Check @[Pat](user:7)\nplease', deleted: false }] })).toBe('Check @Pat please');
  });
});

describe('who may do what', () => {
  it('a dealer comments, never reviews; "Add a comment" on fields once submitted', () => {
    expect(reviewAbilities(role('view configs', 'comment configs'), 'draft')).toEqual({ comment: true, review: false, addOnFields: false, requestChanges: false });
    expect(reviewAbilities(role('comment configs'), 'submitted')).toMatchObject({ addOnFields: true, requestChanges: false });
  });
  it('a reviewer comments anywhere and requests changes on a submitted stage', () => {
    expect(reviewAbilities(role('comment configs', 'review configs'), 'draft')).toEqual({ comment: true, review: true, addOnFields: true, requestChanges: false });
    expect(reviewAbilities(role('comment configs', 'review configs'), 'submitted').requestChanges).toBe(true);
    expect(reviewAbilities(null, 'submitted')).toEqual({ comment: false, review: false, addOnFields: false, requestChanges: false });
  });
});

describe('history and time', () => {
  it('says who requested changes and what they said', () => {
    const rev = { action: 'request_changes', user: { id: 2, name: 'Pat Project' } };
    expect(requestChangesText({ ...rev, message: 'Check the postcode' }, 'Someone', t)).toBe('configPages.stagePage.requestedChanges {"name":"Pat Project","message":"Check the postcode"}');
    expect(requestChangesText({ ...rev, message: null, source: 'From source' }, 'Someone', t)).toContain('"message":"From source"');
    expect(requestChangesText({ ...rev, user: null }, 'Someone', t)).toBe('configPages.stagePage.requestedChangesNoMessage {"name":"Someone"}');
    expect(requestChangesText({ action: 'save', user: null }, 'Someone', t)).toBeNull();
  });
  it('writes how long ago in the locale', () => {
    const now = Date.parse('2026-03-07T17:05:00Z');
    expect(formatRelativeTime('2026-03-07T17:00:00Z', 'en-GB', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-03-07T17:04:50Z', 'en-GB', now)).toBe('now');
    expect(formatRelativeTime('2026-03-06T17:00:00Z', 'fr-FR', now)).toBe('hier');
    expect(formatRelativeTime('2026-01-06T17:00:00Z', 'en-GB', now)).toBe('06/01/2026');
  });
});

describe('the request for changes a stage is under (its history, newest first)', () => {
  const rev = (stage: string, action: string, newState: string | null, message: string | null = null) => ({ stage, action, new_state: newState, message, created_at: '2026-11-30T08:00:00Z', user: { name: 'Pat Project' } });
  it('is the latest request of the stage while the dealer has not sent it on', () => {
    expect(currentRequest([rev('locations', 'save', 'draft'), rev('franchises', 'save', 'submitted'), rev('locations', 'request_changes', 'draft', 'Check the postcode')], 'locations')).toEqual({ by: 'Pat Project', message: 'Check the postcode', at: '2026-11-30T08:00:00Z' });
  });
  it('is none once the stage was submitted again, or when nobody asked', () => {
    expect(currentRequest([rev('locations', 'save', 'submitted'), rev('locations', 'request_changes', 'draft', 'Check')], 'locations')).toBeNull();
    expect(currentRequest([rev('locations', 'save', 'draft')], 'locations')).toBeNull();
  });
});
