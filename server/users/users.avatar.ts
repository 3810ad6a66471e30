/**
 * A user's avatar (spec section 3: `avatar`, and `avatar_id` on creation): either an address sent as
 * `avatar`, or `avatar_id`, a picture of the media library that the acting user sees (so it passed
 * the library's upload checks: type by content, size, a re-encoded image). The picture is stored as
 * its file address in users.avatar, what every answer already shows as `avatar`, so contacts and
 * the top bar need no join; the media library serves a file some user has as avatar to anyone with
 * its address, as it does a logo (media/media.service.ts isAvatar).
 */
import { sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { Invalid } from '../domain-errors';
import { serverMessages } from '../messages';
import { visibleImage } from '../media/media.service';
import type { Db, Tx } from '../db/database';
import type { Viewer } from '../db/tenancy';

export interface AvatarInput {
  avatar?: string | null;
  /** A media item's id or guid; null clears the avatar. */
  avatar_id?: number | string | null;
}

/** A media library file's own address, as answers give it (media.service.ts fileUrl). */
const MEDIA_FILE = /^\/api\/media\/([0-9a-fA-F-]{36})\/file$/;

const refuse = (detail: string) => new Invalid(detail, [{ detail, field: 'avatar_id' }]);

/**
 * What users.avatar becomes: undefined (unchanged), null (none) or an address. Both fields at once
 * are refused unless they name the same file, so neither is silently dropped.
 */
export async function avatarToStore(db: Db | Tx, viewer: Viewer, input: AvatarInput): Promise<string | null | undefined> {
  const sent = input.avatar === undefined ? undefined : input.avatar?.trim() || null;
  // A library file's address is a pick of that file (the app's picker sends it so), checked the
  // same way: an address could otherwise make another company's file public as an avatar.
  const named = sent ? MEDIA_FILE.exec(sent)?.[1] : undefined;
  if (input.avatar_id === undefined && named) return avatarToStore(db, viewer, { avatar_id: named });
  if (input.avatar_id === undefined) return sent;
  const item = input.avatar_id === null ? null : await visibleImage(db, viewer, input.avatar_id);
  if (input.avatar_id !== null && !item) throw refuse(serverMessages.users.avatar_not_image);
  const picked = item?.url ?? null;
  if (sent !== undefined && sent !== picked) throw refuse(serverMessages.users.avatar_twice);
  return picked;
}

/** The media item a user's avatar address names (answered as `avatar_id`), or null for an outside address or none. */
export const avatarMediaId = () =>
  sql<number | null>`CASE WHEN ${users.avatar} ~ '^/api/media/[0-9a-fA-F-]{36}/file$' THEN (SELECT am.id FROM media am WHERE am.guid = substring(${users.avatar} from 12 for 36)::uuid) END`;
