/**
 * The "known device" cookie: proof that this browser signed in to an account before, so its owner
 * gets past the account's sign-in back-off (rate-limit.ts countBackoff) while an attacker keeps
 * guessing from elsewhere. The cookie only ever skips the account-wide lock: the password is still
 * checked, the per-address limits still count, and the device has a back-off of its own (keyed by
 * a hash of its tag), so a stolen cookie is no free pass for guessing either.
 *
 * Nothing is stored: a tag is `expiry.nonce.mac`, the MAC an HMAC-SHA256 of the user id, expiry and
 * nonce under a key derived from the server's secret key (SECRET_KEY, else the generated one in
 * `settings`; secrets.ts), so every instance checks it alike and nobody can make one for an account
 * they never signed in to. The user id is in the MAC, not in the cookie: a tag names no account. It
 * outlives sign-out on purpose (the browser is still the owner's) and lasts 180 days. A
 * browser shared by a few people keeps one tag per account (the latest KEEP), so one person
 * signing in does not take the others' away.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { secretKeyOf } from '../db/secret-key';
import { deriveKey } from './auth.tokens';
import type { AppServices } from '../plugins/services';

/** What this file's services use of the app (server/plugins/services.ts). */
type Deps = Pick<AppServices, 'db' | 'config'>;

export const DEVICE_COOKIE = 'portal_device';
const DEVICE_SECONDS = 180 * 24 * 3600;
/** Tags kept per browser (accounts signed in to on it). */
const KEEP = 4;
const TAG = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const keys = new WeakMap<object, Promise<Uint8Array>>();
function deviceKey(deps: Deps): Promise<Uint8Array> {
  let key = keys.get(deps.db);
  if (!key) {
    // Its own key, so a MAC made here is never valid anywhere else (and the other way round).
    key = secretKeyOf(deps).then((secret) => deriveKey(secret, 'known-device-cookie'));
    key.catch(() => keys.delete(deps.db));
    keys.set(deps.db, key);
  }
  return key;
}

const macOf = (key: Uint8Array, userId: number, expires: string, nonce: string) =>
  createHmac('sha256', key).update(`${userId}.${expires}.${nonce}`).digest('base64url');

interface Tag {
  text: string;
  expires: string;
  nonce: string;
  mac: string;
}

function tagsOf(cookie: string | undefined): Tag[] {
  if (!cookie) return [];
  const now = Math.floor(Date.now() / 1000);
  return cookie
    .split('~')
    .slice(0, KEEP * 2)
    .flatMap((text) => {
      const m = TAG.exec(text);
      return m && parseInt(m[1], 36) > now ? [{ text, expires: m[1], nonce: m[2], mac: m[3] }] : [];
    });
}

const matches = (key: Uint8Array, userId: number, tag: Tag) => {
  const want = Buffer.from(macOf(key, userId, tag.expires, tag.nonce));
  const got = Buffer.from(tag.mac);
  return want.length === got.length && timingSafeEqual(want, got);
};

/**
 * The id of the device when the cookie holds a live tag of `userId` (the key its own back-off is
 * counted under: a hash, so the table holds nothing that rebuilds the cookie), else null.
 */
export async function knownDeviceOf(deps: Deps, cookie: string | undefined, userId: number | undefined): Promise<string | null> {
  if (userId === undefined) return null;
  const tags = tagsOf(cookie);
  if (tags.length === 0) return null;
  const key = await deviceKey(deps);
  const tag = tags.find((t) => matches(key, userId, t));
  return tag ? createHash('sha256').update(tag.text).digest('base64url') : null;
}

/** The cookie after `userId` signed in: a fresh tag for them first, then the other accounts' live tags. */
export async function rememberDevice(deps: Deps, cookie: string | undefined, userId: number): Promise<string> {
  const key = await deviceKey(deps);
  const expires = (Math.floor(Date.now() / 1000) + DEVICE_SECONDS).toString(36);
  const nonce = randomBytes(16).toString('base64url');
  const others = tagsOf(cookie).filter((t) => !matches(key, userId, t));
  return [`${expires}.${nonce}.${macOf(key, userId, expires, nonce)}`, ...others.map((t) => t.text)].slice(0, KEEP).join('~');
}

/** Sends the cookie: HttpOnly, same-site only, and only to the sign-in route that reads it. */
export function setDeviceCookie(deps: Deps, reply: FastifyReply, value: string): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    path: '/api/login',
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.config.secureCookies,
    maxAge: DEVICE_SECONDS,
  });
}
