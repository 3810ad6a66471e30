import type { i18n as I18n, ThirdPartyModule } from 'i18next';

/**
 * i18next's language-code work, done once per code instead of on every `t` call.
 *
 * Every `t` asks i18next's LanguageUtil for the languages to look in (`toResolveHierarchy`), which
 * makes the code canonical with `Intl.getCanonicalLocales` and checks it against the supported
 * languages each time: a third of the time `t` took in a profile of moving between screens (a
 * list's 25 rows call `t` a few hundred times; issue 59). Both answers depend only on the code asked
 * about and on the instance's options, which are fixed once it is initialised, so they are kept per
 * code. The hierarchy is handed out as a copy: i18next keeps one as `i18n.languages`.
 */
export const memoisedLanguageCodes: ThirdPartyModule = {
  type: '3rdParty',
  init(instance: I18n) {
    const utils = instance.services.languageUtils as LanguageUtil;
    const format = utils.formatLanguageCode.bind(utils);
    const formatted = new Map<unknown, string>();
    utils.formatLanguageCode = (code) => {
      let found = formatted.get(code);
      if (found === undefined) formatted.set(code, (found = format(code)));
      return found;
    };
    const resolve = utils.toResolveHierarchy.bind(utils);
    const hierarchies = new Map<string, readonly string[]>();
    utils.toResolveHierarchy = (code, fallbackCode) => {
      // A fallback other than the options' (a `t` call's own `fallbackLng`) is rare: not kept.
      if (fallbackCode !== undefined || typeof code !== 'string') return resolve(code, fallbackCode);
      let found = hierarchies.get(code);
      if (!found) hierarchies.set(code, (found = resolve(code)));
      return [...found];
    };
  },
};

/** The part of i18next's LanguageUtil wrapped here (its type is not exported). */
interface LanguageUtil {
  formatLanguageCode(code: string): string;
  toResolveHierarchy(code: string, fallbackCode?: unknown): string[];
}
