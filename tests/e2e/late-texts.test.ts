/**
 * Every screen shows words, never its text keys (issue 54), in real Chromium against the built app:
 *
 * - with every locale chunk (locales/<lng>/<namespace>.json, a chunk each: src/i18n/i18n.ts)
 *   answered 0.6 s late, every route of the route table (src/routing/areas.ts ROUTES) is opened as
 *   the demo dealer (signing in through the Login form, as a fresh visit does) and as staff, and
 *   no text key shows: once the page has settled, nor at any moment before. The agreements list
 *   kept `list.columns.company` and eight more for good: a screen rendered before its texts came,
 *   and the parts react-admin memoises (a Datagrid's header cells, a list's filters) never took
 *   the words when they did;
 * - the staff walk starts in the stage editor, whose preview has an i18next instance of its own:
 *   the screens after it still find their texts. The preview used to make its instance the app's,
 *   which holds four namespaces and no backend, so reports, tasks, an agreement's form and the
 *   migration page showed keys until a reload.
 *
 * One page per walk, screens opened in the app (a hash change), not reloaded (a page load with late
 * texts costs seconds): each namespace is late on the first screen that needs it in the walk.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meets } from '../../src/auth/permissions';
import type { SessionUser } from '../../src/auth/types';
import { ROUTES } from '../../src/routing/areas';
import { fillPath } from '../../src/routing/define';
import { call, login } from '../server/helpers';
import { signIn, startE2E, waitForLanding, type E2E } from './harness';

// Late enough that every screen would render before its texts came (a screen renders in tens of
// milliseconds here); each walk waits it out once per namespace, so it is not longer than it must be.
const LATE_MS = 600;
const LOCALES_DIR = resolve('locales');
const NAMESPACES = readdirSync(join(LOCALES_DIR, 'en-GB'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

/** Every key of every namespace (en-GB has them all); plural forms also without their suffix. */
const KEYS = (() => {
  const keys = new Set<string>();
  const walk = (node: unknown, prefix: string) => {
    if (node && typeof node === 'object' && !Array.isArray(node)) {
      for (const [key, value] of Object.entries(node)) walk(value, prefix ? `${prefix}.${key}` : key);
      return;
    }
    keys.add(prefix);
    keys.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ''));
  };
  for (const ns of NAMESPACES) walk(JSON.parse(readFileSync(join(LOCALES_DIR, 'en-GB', `${ns}.json`), 'utf8')), '');
  return keys;
})();

/**
 * The file names of the built locale chunks: the glob of src/i18n/i18n.ts becomes a map from
 * `../../locales/<lng>/<ns>.json` to `import("./<chunk>.js")` in the app's entry chunk.
 */
function localeChunks(): Set<string> {
  const assets = resolve(process.env.E2E_DIST ?? 'dist', 'assets');
  const chunks = new Set<string>();
  const entry = /"\.\.\/\.\.\/locales\/[\w-]+\/\w+\.json":[^,]*?import\(["'`]\.\/([^"'`]+)["'`]\)/g;
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(join(assets, file), 'utf8');
    if (code.includes('locales/en-GB/common.json')) for (const match of code.matchAll(entry)) chunks.add(match[1]);
  }
  // Seven locales of a dozen namespaces: fewer means the build changed its shape, and a test that
  // delays nothing would pass for nothing.
  if (chunks.size < 7 * 10) throw new Error(`found ${chunks.size} locale chunks in ${assets}: has the build's shape changed?`);
  return chunks;
}

interface Requests {
  inFlight: Set<Request>;
  /** When a request last started or ended (ms). */
  lastChange: number;
}

/** Keeps count of the page's requests in flight, for `settle`. */
function trackRequests(page: Page): Requests {
  const requests: Requests = { inFlight: new Set(), lastChange: Date.now() };
  const change = (request: Request, add: boolean) => {
    // A stage page's event stream (presence, others' saves) stays open while the page is shown:
    // waiting for it to end waited out settle's 20 s on every stage page.
    if (new URL(request.url()).pathname.endsWith('/events')) return;
    if (add) requests.inFlight.add(request);
    else requests.inFlight.delete(request);
    requests.lastChange = Date.now();
  };
  page.on('request', (r) => change(r, true));
  page.on('requestfinished', (r) => change(r, false));
  page.on('requestfailed', (r) => change(r, false));
  return requests;
}

/**
 * Waits until no request has been in flight for a moment and the page overlay is off. A key that
 * shows after this still counts: the texts recorded meanwhile are read at the next screen.
 */
async function settle(page: Page, requests: Requests): Promise<void> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const quiet = requests.inFlight.size === 0 && Date.now() - requests.lastChange > 150;
    if (quiet && (await page.getByTestId('page-overlay').getAttribute('aria-hidden')) !== 'false') break;
    await page.waitForTimeout(50);
  }
  // What the last answer starts (a render, a deferred list's rows) lands within a frame or two.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * A text the page shows: `whole` when it is all its element says (a key of one word counts only
 * then: a field's name in "hours · Text" is data, a lone "title" is a key).
 */
interface Shown {
  text: string;
  whole: boolean;
}

/**
 * Records, from the first byte of the document, every text the page puts on screen (text nodes,
 * and the placeholders and names a reader meets), for `textsSeen`. Code the page shows (the stage
 * editor's JSON) is data, not texts, and left out.
 */
function recordTexts(): void {
  const seen: Shown[] = [];
  (window as unknown as { textsSeen: Shown[] }).textsSeen = seen;
  const NAMES = ['placeholder', 'aria-label', 'title', 'alt'];
  const isCode = (el: Element | null) => !el || el.closest('code, pre, textarea, script, style, head, [contenteditable="true"], .cm-editor') !== null;
  const addText = (node: Node) => {
    const text = node.nodeValue?.trim();
    if (text && !isCode(node.parentElement)) seen.push({ text, whole: node.parentElement!.textContent!.trim() === text });
  };
  const addTree = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) return addText(node);
    if (!(node instanceof Element) || isCode(node)) return;
    for (const name of NAMES) {
      const text = node.getAttribute(name)?.trim();
      if (text) seen.push({ text, whole: true });
    }
    node.childNodes.forEach(addTree);
  };
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      if (m.type === 'childList') m.addedNodes.forEach(addTree);
      else if (m.type === 'characterData') addText(m.target);
      else if (m.target instanceof Element && !isCode(m.target)) {
        const text = m.target.getAttribute(m.attributeName!)?.trim();
        if (text) seen.push({ text, whole: true });
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: NAMES });
}

/** The visible texts of the page as it is now (text nodes, placeholders, names), code left out. */
function textsShown(page: Page): Promise<Shown[]> {
  return page.evaluate(() => {
    const isCode = (el: Element | null) => !el || el.closest('code, pre, textarea, [contenteditable="true"], .cm-editor') !== null;
    const out: Array<{ text: string; whole: boolean }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue?.trim();
      const parent = node.parentElement!;
      if (text && !isCode(parent) && parent.checkVisibility()) out.push({ text, whole: parent.textContent!.trim() === text });
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
      if (isCode(el) || !el.checkVisibility()) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const text = el.getAttribute(name)?.trim();
        if (text) out.push({ text, whole: true });
      }
    }
    return out;
  });
}

/** The texts recorded since the last call (recordTexts), the record emptied. */
function textsSeen(page: Page): Promise<Shown[]> {
  return page.evaluate(() => (window as unknown as { textsSeen?: Array<{ text: string; whole: boolean }> }).textsSeen?.splice(0) ?? []);
}

/**
 * The text keys among `texts`. A dotted key (`list.columns.company`, `configurator:stages.x.title`)
 * anywhere in a text; a key of one word (`title`, `chooseFile`) only as all its element says, where
 * no word that happens to name a key stands in lower case.
 */
function keysIn(texts: Shown[]): string[] {
  const isKey = (token: string) => {
    const [ns, key] = token.includes(':') ? token.split(':', 2) : ['', token];
    return (!ns || NAMESPACES.includes(ns)) && KEYS.has(key);
  };
  const found = new Set<string>();
  for (const { text, whole } of texts) {
    for (const [token] of text.matchAll(/(?:\w+:)?[A-Za-z_][\w-]*(?:\.[\w-]+)+/g)) if (isKey(token)) found.add(token);
    if (whole && /^(?:\w+:)?[a-z]\w*$/.test(text) && isKey(text)) found.add(text);
  }
  return [...found];
}

describe('screens show words, never text keys, when their texts come late and after the stage editor (browser)', () => {
  let e2e: E2E;
  let chunks: Set<string>;
  /** The demo records the routes' `:params` name (filled in beforeAll). */
  const demo = { agreement: '', company: '', dealerUser: '', config: '', project: '', post: '', postSlug: '', media: '' };
  const users: Record<string, SessionUser> = {};

  beforeAll(async () => {
    chunks = localeChunks();
    e2e = await startE2E();
    const admin = await login(e2e.server, 'admin@demo.test');
    const dealer = await login(e2e.server, 'dealer@demo.test');
    const get = async <T,>(path: string, token = admin.token) => {
      const reply = await call<T>(e2e.server, 'GET', path, { token });
      if (reply.status !== 200) throw new Error(`GET ${path}: ${reply.status} ${reply.text}`);
      return reply.body;
    };
    const me = await get<{ user: SessionUser; company: { id: number } }>('/api/users/current', dealer.token);
    users['dealer@demo.test'] = me.user;
    users['admin@demo.test'] = (await get<{ user: SessionUser }>('/api/users/current')).user;
    demo.company = String(me.company.id);
    demo.dealerUser = String(me.user.id);
    demo.config = String((await get<Array<{ id: number }>>(`/api/companies/${me.company.id}/configs`, dealer.token))[0].id);
    // The dealer's own agreement, so both walks open the same one.
    demo.agreement = String((await get<Array<{ id: number }>>('/api/agreements?range=[0,0]', dealer.token))[0].id);
    demo.project = String((await get<Array<{ id: number }>>('/api/projects?range=[0,0]'))[0].id);
    const posts = await get<Array<{ id: number; slug: string; gallery?: Array<{ guid: string }> }>>('/api/posts?range=[0,24]');
    const post = posts.find((p) => p.gallery?.length) ?? posts[0];
    demo.post = String(post.id);
    demo.postSlug = post.slug;
    demo.media = post.gallery?.[0]?.guid ?? (await get<Array<{ guid: string }>>('/api/media?range=[0,0]'))[0].guid;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** The address of a route, its `:params` filled from the demo data. */
  function addressOf(route: (typeof ROUTES)[number]): string {
    // A route's `:id` is its own kind of record.
    const ids: Record<string, string> = {
      'Agreement Edit': demo.agreement,
      Agreement: demo.agreement,
      'Company Profile': demo.company,
      'Company Dashboard': demo.company,
      'Config Redirect': demo.config,
      'Config Dashboard': demo.config,
      'Config Overview': demo.config,
      'Config Internal Stage': demo.config,
      'Config Stage': demo.config,
      'Product Edit': '1',
      'Edit Showcases': demo.post,
      'Tracker Summary': demo.project,
      'Tracker Project': demo.project,
      'Tracker Profile': demo.project,
      'User Profile': demo.dealerUser,
    };
    const slugs: Record<string, string> = { Showcase: demo.postSlug, 'Config Internal Stage': 'franchises', 'Config Stage': 'opening-hours', 'Stage Catalogue Edit': 'opening-hours' };
    const others: Record<string, string> = { taxonomy: 'region', token: 'not-a-real-token', mediaId: demo.media };
    const params: Record<string, string | undefined> = {};
    for (const [, name, optional] of route.path.matchAll(/:(\w+)(\?)?/g)) {
      if (optional) continue;
      const value = name === 'id' ? ids[route.name] : name === 'slug' ? slugs[route.name] : others[name];
      if (!value) throw new Error(`no value for :${name} of the route ${route.name}: give it one in late-texts.test.ts`);
      params[name] = value;
    }
    return fillPath(route.path, params);
  }

  /** The signed-in routes `email` may open. */
  const signedInRoutes = (email: string) => ROUTES.filter((route) => route.auth && meets(users[email], route.requires)).map(addressOf);
  /** The signed-out routes (but Logout: the walks end on it). */
  const signedOutRoutes = () => ROUTES.filter((route) => !route.auth && route.name !== 'Logout').map(addressOf);

  /** Opens each address in the app and lists the keys each showed, settled or on the way. */
  async function walk(page: Page, requests: Requests, addresses: string[]): Promise<string[]> {
    const shown: string[] = [];
    for (const path of addresses) {
      await page.goto(`/#${path}`);
      await settle(page, requests);
      const settled = keysIn(await textsShown(page));
      const onTheWay = keysIn(await textsSeen(page)).filter((key) => !settled.includes(key));
      if (settled.length) shown.push(`${path} (at ${new URL(page.url()).hash}), settled: ${settled.join(', ')}`);
      if (onTheWay.length) shown.push(`${path} (at ${new URL(page.url()).hash}), on the way: ${onTheWay.join(', ')}`);
    }
    return shown;
  }

  /** A fresh browser profile whose locale chunks all come `LATE_MS` late, recording the texts it shows. */
  async function lateTextsPage(): Promise<{ page: Page; requests: Requests }> {
    const { page } = await e2e.newPage();
    const requests = trackRequests(page);
    await page.addInitScript(recordTexts);
    await page.route(
      (url) => chunks.has(url.pathname.split('/').pop() ?? ''),
      async (route) => {
        await new Promise((done) => setTimeout(done, LATE_MS));
        await route.continue().catch(() => {});
      },
    );
    return { page, requests };
  }

  it('as the dealer: signing in on the Login form, then every route, then signed out, texts 0.6 s late: never a key', async () => {
    const { page, requests } = await lateTextsPage();
    // A fresh visit: the signed-out shell, then the app after the sign-in (its texts come then).
    await page.goto('/#/login');
    await settle(page, requests);
    const shown = keysIn([...(await textsShown(page)), ...(await textsSeen(page))]).map((key) => `/login: ${key}`);
    await signIn(page, 'dealer@demo.test');
    await waitForLanding(page);
    await settle(page, requests);
    shown.push(...keysIn([...(await textsShown(page)), ...(await textsSeen(page))]).map((key) => `landing ${new URL(page.url()).hash}: ${key}`));
    shown.push(...(await walk(page, requests, [...signedInRoutes('dealer@demo.test'), '/logout', ...signedOutRoutes()])));
    expect(shown).toEqual([]);
  }, 120_000);

  it('as staff (admin): the stage editor first, then every route they may open, texts 0.6 s late: never a key', async () => {
    const { page, requests } = await lateTextsPage();
    // The editor's preview has an i18next instance of its own: every screen after it must still
    // read the app's texts (it used to take the app's place until a reload).
    await e2e.openSignedIn(page, 'admin@demo.test', { route: '/backend/config-admin/stages/opening-hours' });
    await page.getByTestId('stage-preview').locator('form').first().waitFor({ timeout: 30_000 });
    await settle(page, requests);
    const shown = keysIn([...(await textsShown(page)), ...(await textsSeen(page))]).map((key) => `the stage editor: ${key}`);
    shown.push(...(await walk(page, requests, [...signedInRoutes('admin@demo.test'), '/logout'])));
    expect(shown).toEqual([]);
  }, 120_000);
});
