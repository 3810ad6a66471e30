/**
 * Texts published stage versions bring (new fields' labels per locale; a stage born in the editor
 * its title too), kept in the app's i18n for as long as the page lives. Shared: the configurator
 * pages, the stage catalogue's screens and the stage list (src/data/stageCatalogue.ts) add them.
 * i18next replaces a namespace's top-level keys when it loads the namespace for a language
 * (switching language later), so the texts are put back each time the configurator namespace
 * arrives for a language, silently (no event: no loop).
 */
import { i18n } from './i18n';

type Labels = Readonly<Record<string, Readonly<Record<string, string>>>>;

const texts: Record<string, Record<string, string>> = {};
let listening = false;

function apply(lng: string): void {
  for (const [key, text] of Object.entries(texts[lng] ?? {})) i18n.addResource(lng, 'configurator', key, text, { silent: true });
}

/**
 * Adds a version's texts (`{ 'fr-FR': { 'fields.x': 'Texte' } }`). Texts are not versioned: a key
 * is one text, as on the server (engine `addConfiguratorTexts`).
 * @example addStageVersionTexts(version.labels)
 */
export function addStageVersionTexts(labels: Labels): void {
  if (!listening) {
    listening = true;
    i18n.store.on('added', (lng: string, ns: string) => {
      if (ns === 'configurator') apply(lng);
    });
  }
  for (const [lng, byKey] of Object.entries(labels)) {
    texts[lng] = { ...texts[lng], ...byKey };
    if (i18n.hasResourceBundle(lng, 'configurator')) apply(lng);
  }
}
