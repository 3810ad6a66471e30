/**
 * Every stage file and shared shape, imported statically so the catalogue works the same in Vite
 * (browser), tsx (server) and Vitest. Adding a stage: add its file here; tests/schemas checks that
 * this list and schemas/stages/ agree.
 */
import companyInformation from '../../schemas/stages/company-information.json';
import keyContact from '../../schemas/stages/key-contact.json';
import franchises from '../../schemas/stages/franchises.json';
import locations from '../../schemas/stages/locations.json';
import departments from '../../schemas/stages/departments.json';
import openingHours from '../../schemas/stages/opening-hours.json';
import socialFeeds from '../../schemas/stages/social-feeds.json';
import divisions from '../../schemas/stages/divisions.json';
import users from '../../schemas/stages/users.json';
import designBrief from '../../schemas/stages/design-brief.json';
import globalNavigation from '../../schemas/stages/global-navigation.json';
import importFeeds from '../../schemas/stages/import-feeds.json';
import extras from '../../schemas/stages/extras.json';
// stages-a (issue 8): setup, design to integrations
import setup from '../../schemas/stages/setup.json';
import design from '../../schemas/stages/design.json';
import colourScheme from '../../schemas/stages/colour-scheme.json';
import domains from '../../schemas/stages/domains.json';
import emailAccounts from '../../schemas/stages/email-accounts.json';
import transfer from '../../schemas/stages/transfer.json';
import exportFeeds from '../../schemas/stages/export-feeds.json';
import valuations from '../../schemas/stages/valuations.json';
import content from '../../schemas/stages/content.json';
import technical from '../../schemas/stages/technical.json';
import software from '../../schemas/stages/software.json';
import training from '../../schemas/stages/training.json';
import googleAnalytics from '../../schemas/stages/google-analytics.json';
import integrations from '../../schemas/stages/integrations.json';
// stages-b (issue 8): stock to confirmation
import stock from '../../schemas/stages/stock.json';
import homepageElements from '../../schemas/stages/homepage-elements.json';
import formPreferences from '../../schemas/stages/form-preferences.json';
import dataProtectionOfficer from '../../schemas/stages/data-protection-officer.json';
import dataPreferenceCentre from '../../schemas/stages/data-preference-centre.json';
import ageOfConsent from '../../schemas/stages/age-of-consent.json';
import marketingPreferences from '../../schemas/stages/marketing-preferences.json';
import leasing from '../../schemas/stages/leasing.json';
import rateBook from '../../schemas/stages/rate-book.json';
import buyingOnline from '../../schemas/stages/buying-online.json';
import compliance from '../../schemas/stages/compliance.json';
import partExchange from '../../schemas/stages/part-exchange.json';
import deliveryCollection from '../../schemas/stages/delivery-collection.json';
import salesRecipients from '../../schemas/stages/sales-recipients.json';
import terms from '../../schemas/stages/terms.json';
import confirmation from '../../schemas/stages/confirmation.json';
// configurator admin (issue 30): the staff-only internal pages a layout fills
import internalPages from '../../schemas/stages/internal-pages.json';

import id from '../../schemas/shapes/id.json';
import idList from '../../schemas/shapes/id-list.json';
import addressLines from '../../schemas/shapes/address-lines.json';
import address from '../../schemas/shapes/address.json';
import country from '../../schemas/shapes/country.json';
import contact from '../../schemas/shapes/contact.json';
import location from '../../schemas/shapes/location.json';
import department from '../../schemas/shapes/department.json';
import departmentName from '../../schemas/shapes/department-name.json';
import openingDay from '../../schemas/shapes/opening-day.json';
import openingHoursShape from '../../schemas/shapes/opening-hours.json';
import socialLinks from '../../schemas/shapes/social-links.json';

/** Stage files by file name (without .json). */
export const stageFiles: Record<string, unknown> = {
  'company-information': companyInformation,
  'key-contact': keyContact,
  franchises,
  locations,
  departments,
  'opening-hours': openingHours,
  'social-feeds': socialFeeds,
  divisions,
  users,
  'design-brief': designBrief,
  'global-navigation': globalNavigation,
  'import-feeds': importFeeds,
  extras,
  setup,
  design,
  'colour-scheme': colourScheme,
  domains,
  'email-accounts': emailAccounts,
  transfer,
  'export-feeds': exportFeeds,
  valuations,
  content,
  technical,
  software,
  training,
  'google-analytics': googleAnalytics,
  integrations,
  stock,
  'homepage-elements': homepageElements,
  'form-preferences': formPreferences,
  'data-protection-officer': dataProtectionOfficer,
  'data-preference-centre': dataPreferenceCentre,
  'age-of-consent': ageOfConsent,
  'marketing-preferences': marketingPreferences,
  leasing,
  'rate-book': rateBook,
  'buying-online': buyingOnline,
  compliance,
  'part-exchange': partExchange,
  'delivery-collection': deliveryCollection,
  'sales-recipients': salesRecipients,
  terms,
  confirmation,
  'internal-pages': internalPages,
};

/** Shared shapes by file name (without .json), referenced as `../shapes/<name>.json`. */
export const shapeFiles: Record<string, Record<string, unknown>> = {
  id,
  'id-list': idList,
  'address-lines': addressLines,
  address,
  country,
  contact,
  location,
  department,
  'department-name': departmentName,
  'opening-day': openingDay,
  'opening-hours': openingHoursShape,
  'social-links': socialLinks,
};
