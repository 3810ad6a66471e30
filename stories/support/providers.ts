import { createTheme } from '@mui/material/styles';
import { LOCALES } from '../../engine';
import { createRendererI18n } from '../../engine/react';
import { theme } from '../../src/theme';

/** The locales of locales/ (en-GB first: the default), for the toolbar. */
export const STORY_LOCALES = LOCALES;

/** One i18next instance for every story (and the story tests). */
export const storyI18n = createRendererI18n('en-GB');

/** The MUI theme stories render in: the app's own (its colours are the ones checked for contrast). */
export const storyTheme = createTheme(theme);
