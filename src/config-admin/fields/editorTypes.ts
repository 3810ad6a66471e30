/**
 * What the editor's components share: the locales texts are written in, and how a component asks
 * for an edit (`apply`), so every edit goes through one place that shows an EditError's words.
 */
import type { StageDraftValue } from './model/types';

/** The portal's locales, English and French first (the texts a new field needs at least). */
export const EDIT_LOCALES = ['en-GB', 'fr-FR', 'en-AU', 'en-ZA', 'fr-BE', 'nl-NL', 'nl-BE'] as const;

/** Runs a pure edit of the draft; false when it could not apply (its words are shown at the top). */
export type Apply = (edit: (draft: StageDraftValue) => StageDraftValue) => boolean;

/** The prefix of every text this editor shows (locales/*\/configAdmin.json). */
export const W = 'stages.widgets';
