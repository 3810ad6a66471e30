/**
 * The built Storybook (storybook-static/, `npm run build-storybook`) for the browser tests that open
 * its stories in Chromium: where it is, which stories it has, and a server for its files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

// STORYBOOK_STATIC lets a developer point the tests at another Storybook build.
export const STORYBOOK_STATIC = resolve(process.env.STORYBOOK_STATIC ?? 'storybook-static');

interface IndexEntry {
  type: 'story' | 'docs';
  title: string;
  name: string;
}

/** Every story of the build (its index.json, docs pages left out), or none when it is not built. */
export function builtStories(): { id: string; title: string; name: string }[] {
  const index = resolve(STORYBOOK_STATIC, 'index.json');
  if (!existsSync(index)) return [];
  const entries = (JSON.parse(readFileSync(index, 'utf8')) as { entries: Record<string, IndexEntry> }).entries;
  return Object.entries(entries)
    .filter(([, e]) => e.type === 'story')
    .map(([id, e]) => ({ id, title: e.title, name: e.name }));
}

/** Throws, saying what to run, unless the build is there and has each of `stories` (ids). */
export function checkStorybookBuild(stories: string[] = []): void {
  if (!existsSync(resolve(STORYBOOK_STATIC, 'iframe.html'))) {
    throw new Error(`${STORYBOOK_STATIC}/iframe.html is missing: run \`npm run build-storybook\` before the browser tests`);
  }
  const built = new Set(builtStories().map((s) => s.id));
  if (built.size === 0) throw new Error(`${STORYBOOK_STATIC}/index.json lists no story: rebuild with \`npm run build-storybook\``);
  for (const story of stories) {
    if (!built.has(story)) throw new Error(`${STORYBOOK_STATIC} has no story "${story}" (renamed? rebuild with \`npm run build-storybook\`)`);
  }
}

/** Serves the Storybook build as plain files on 127.0.0.1 (an ephemeral port). */
export async function serveStorybook(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: STORYBOOK_STATIC });
  // Chromium asks for /favicon.ico after a page loads (the preview iframe names no icon) and the
  // build has none: its 404 surfaced as a console error at a random moment of a test. No content.
  app.get('/favicon.ico', (_request, reply) => reply.status(204).send());
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

/**
 * The address of one story alone (Storybook's preview iframe, no manager UI around it), with the a11y
 * addon in manual mode: otherwise it runs axe over the page after every render, on the same axe
 * instance the a11y test uses ("Axe is already running") and in the middle of a drag.
 */
export const storyUrl = (url: string, id: string) => `${url}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=a11y.manual:!true`;
