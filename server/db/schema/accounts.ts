import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LocalNames } from '../../../contract/names';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  guid: uuid('guid').notNull().defaultRandom().unique(),
  name: text('name').notNull(),
  /** Stored lower-cased and trimmed, so the unique index is case-insensitive in effect. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  avatar: text('avatar'),
  telephone: text('telephone'),
  position: text('position'),
  partner: text('partner'),
  country: text('country').notNull().default('GB'),
  primary: boolean('primary').notNull().default(false),
  focApprover: boolean('foc_approver').notNull().default(false),
  /** 'active' | 'disabled'. Checked on every authenticated request. */
  status: text('status').notNull().default('active'),
  /** Carried in access tokens; bumping it invalidates every token already issued. */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The name's words in other locales (contract/names.ts, issue 54); `{}` when none. */
  names: jsonb('names').$type<LocalNames>().notNull().default({}),
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
