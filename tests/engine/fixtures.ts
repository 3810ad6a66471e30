/**
 * Test data for the engine: a valid company and a dealer group of any size. Ids are predictable
 * (f0, l0, d0, h0) so tests can name what they remove.
 */
import type { ConfigDocument, ConfigSnapshot } from '../../engine';

export const companyInformation = {
  companyInformation: {
    name: 'Demo Motors Ltd',
    regAddress: { line1: '1 High Street', line2: '', line3: '' },
    postcode: 'SW1A 1AA',
    country: 'GB',
    regNumber: '01234567',
    fcaRegNumber: '123456',
    vatNumber: 'GB123456789',
    icoNumber: 'ZA123456',
  },
};

const day = (open = '09:00', close = '17:30') => ({ appt: false, dual: false, open, close });
export const weekdays = (): Record<string, unknown> => ({
  monday: day(), tuesday: day(), wednesday: day(), thursday: day(), friday: day(),
  saturday: day('09:00', '13:00'), sunday: { appt: true, dual: false },
});

export const DEPARTMENT_NAMES = ['Bodyshop', 'Business', 'Fleet', 'Motability', 'Parts', 'Sales', 'Service', 'Finance'];

/** A group with n franchises, locations (each with 1-2 franchises), departments and hours. */
export function group(sizes: { franchises: number; locations: number; departments: number; hours: number }): ConfigDocument {
  const franchises = Array.from({ length: sizes.franchises }, (_, i) => ({ id: `f${i}`, name: `Make ${i}` }));
  const locations = Array.from({ length: sizes.locations }, (_, i) => ({
    id: `l${i}`,
    name: `Site ${i}`,
    address: { line1: `${i} Road`, town: 'Leeds', country: 'GB' },
    postcode: 'LS1 1AA',
    franchises: sizes.franchises ? [...new Set([`f${i % sizes.franchises}`, `f${(i * 7) % sizes.franchises}`])] : [],
  }));
  const departments = Array.from({ length: sizes.departments }, (_, i) => ({
    id: `d${i}`,
    name: DEPARTMENT_NAMES[i % 8],
    numbers: [{ label: 'Main', number: '0113 496 0000' }],
    locations: sizes.locations ? [`l${Math.floor(i / 8) % sizes.locations}`] : [],
  }));
  const hours = Array.from({ length: sizes.hours }, (_, i) => ({
    id: `h${i}`,
    name: `Hours ${i}`,
    departments: sizes.departments ? [`d${i % sizes.departments}`] : [],
    days: weekdays(),
  }));
  return {
    'company-information': structuredClone(companyInformation),
    franchises: { franchises },
    locations: { locations },
    departments: { departments },
    'opening-hours': { hours },
  };
}

/** A snapshot with complete company information, as the server would hold it. */
export function snapshot(doc: ConfigDocument = { 'company-information': structuredClone(companyInformation) }, version = 1): ConfigSnapshot {
  return { version, doc, states: {} };
}

export const DEALER = ['edit configs', 'view configs'];
export const STAFF = ['manage configs', 'view configs'];
