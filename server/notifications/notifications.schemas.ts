import { DELIVERY_CHANNELS, NOTIFICATION_KINDS } from '../../contract/notifications';
import { noOthers } from '../http/schemas';

export { notificationPreferencesSchema as preferencesAnswer } from '../../contract/notifications';

/**
 * PUT /notifications/preferences: some kinds, each with one of the channels. An unknown kind or
 * channel is a 400 naming it (`preferences.<kind>`): `noOthers` refuses, where `additionalProperties:
 * false` would silently drop the unknown kind and answer 200.
 */
export const preferencesBody = {
  type: 'object',
  required: ['preferences'],
  properties: {
    preferences: {
      type: 'object',
      properties: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { type: 'string', enum: [...DELIVERY_CHANNELS] }])),
      additionalProperties: noOthers,
    },
  },
  additionalProperties: noOthers,
} as const;
