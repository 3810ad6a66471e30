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
