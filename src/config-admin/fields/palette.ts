/**
 * The kinds "Add a field" offers, grouped as staff look for them. `shape`, `unknown`, `hidden`
 * and `configSummary` are not offered: a shared shape is chosen in JSON, the rest are the
 * engine's own (ids, the summary stage).
 */
import { REMOTE_SOURCES } from './model/newNode';
import type { GroupLayout, ListLayout, WidgetKind } from './model/types';

export type PaletteGroup = 'text' | 'choices' | 'numbers' | 'elsewhere' | 'layout' | 'other';

export const PALETTE: readonly { group: PaletteGroup; kinds: readonly WidgetKind[] }[] = [
  { group: 'text', kinds: ['text', 'textarea', 'markdown'] },
  { group: 'choices', kinds: ['yesno', 'choice', 'multiChoice'] },
  { group: 'numbers', kinds: ['number', 'slider', 'date'] },
  { group: 'elsewhere', kinds: ['optionsFrom', 'remoteSelect', 'media'] },
  { group: 'layout', kinds: ['group', 'list', 'textList'] },
  { group: 'other', kinds: ['openingHours', 'displayText', 'secret'] },
];

export const GROUP_LAYOUTS: readonly GroupLayout[] = ['plain', 'portlets', 'tabs', 'accordion'];
export const LIST_LAYOUTS: readonly ListLayout[] = ['cards', 'table', 'accordion', 'tabs', 'portlets'];

/** The portal's sources of a remote select (the model's list, from src/configurator/stage/searchers.ts). */
export const REMOTE_SOURCE_NAMES: readonly string[] = Object.keys(REMOTE_SOURCES);

/** What a media input may ask the library for (engine/react/widgets/MediaWidget.tsx): any file, or a logo. */
export const MEDIA_PURPOSES = ['', 'logo'] as const;

