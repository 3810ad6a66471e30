// Configuration documents for stories, story tests and the renderer benchmark: a small demo dealer
// and a large dealer group, in the shapes of the real stage files (schemas/stages).

export type Doc = Record<string, Record<string, unknown>>;

const DEPARTMENTS = ['Sales', 'Service', 'Parts', 'Bodyshop', 'Business', 'Fleet', 'Motability', 'Finance'];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MAKES = ['Audi', 'BMW', 'Citroën', 'Dacia', 'Fiat', 'Ford', 'Honda', 'Hyundai', 'Jaguar', 'Kia', 'Land Rover', 'Mazda', 'Mercedes-Benz', 'MINI', 'Nissan', 'Peugeot', 'Renault', 'SEAT', 'Škoda', 'Toyota', 'Vauxhall', 'Volkswagen', 'Volvo'];
const TOWNS = ['Leeds', 'York', 'Harrogate', 'Bradford', 'Wakefield', 'Halifax', 'Huddersfield', 'Doncaster', 'Sheffield', 'Hull'];

/** Five-character ids (spec 9: random ids are 5 alphanumerics), deterministic here. */
function id(prefix: string, n: number): string {
  return (prefix + n.toString(36).padStart(4, '0')).slice(-5);
}

/** A week of opening hours: weekdays 09:00-17:30, Saturday split, Sunday mornings. */
export function week(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    DAYS.map((day, d) => [
      day,
      d === 5
        ? { appt: false, dual: true, open: '09:00', close: '12:30', open2: '13:30', close2: '16:00' }
        : d === 6
          ? { appt: true, dual: false, open: '10:00', close: '13:00' }
          : { appt: false, dual: false, open: '09:00', close: '17:30' },
    ]),
  );
}

/**
 * A dealer group: `franchises` makes, `locations` sites (each selling two makes), `departmentsPer`
 * departments at each site, and one opening-hours entry per department.
 * @example dealerGroup({ locations: 30 })['opening-hours'].hours.length // 240
 */
export function dealerGroup({ franchises = 2, locations = 3, departmentsPer = 8 }: { franchises?: number; locations?: number; departmentsPer?: number } = {}): Doc {
  const fr = Array.from({ length: franchises }, (_, i) => ({ id: id('f', i + 1), name: MAKES[i % MAKES.length] + (i >= MAKES.length ? ` ${Math.floor(i / MAKES.length) + 1}` : '') }));
  const locs = Array.from({ length: locations }, (_, i) => ({
    id: id('l', i + 1),
    name: `${TOWNS[i % TOWNS.length]}${i >= TOWNS.length ? ` ${Math.floor(i / TOWNS.length) + 1}` : ''}`,
    address: { line1: `${i + 1} High Street`, line2: '', line3: '', town: TOWNS[i % TOWNS.length], county: 'West Yorkshire', country: 'GB' },
    postcode: 'LS1 4AP',
    franchises: fr.length ? [fr[i % fr.length].id, fr[(i + 1) % fr.length].id].filter((v, k, a) => a.indexOf(v) === k) : [],
  }));
  const deps = locs.flatMap((loc, i) =>
    DEPARTMENTS.slice(0, departmentsPer).map((name, j) => ({ id: id('d', i * departmentsPer + j + 1), name, numbers: [], locations: [loc.id] })),
  );
  const hours = deps.map((dep, k) => ({
    id: id('h', k + 1),
    name: `${locs[Math.floor(k / departmentsPer)].name} ${dep.name}`,
    departments: [dep.id],
    days: week(),
  }));
  return {
    'company-information': {
      companyInformation: {
        name: 'Demo Motors Group',
        regAddress: { line1: '1 High Street', line2: '', line3: '' },
        postcode: 'LS1 4AP',
        country: 'GB',
        regNumber: '01234567',
        fcaRegNumber: '123456',
        vatNumber: 'GB123456789',
        icoNumber: 'Z1234567',
      },
    },
    'key-contact': { keyContact: { name: 'Alex Morgan', email: 'alex@demo-motors.test', telephone: '0113 496 0000', mobile: '', position: 'Dealer Principal' } },
    franchises: { franchises: fr },
    locations: { locations: locs },
    departments: { departments: deps },
    'opening-hours': { hours },
    divisions: { divisions: [{ id: 'main', divisionName: 'Main', divisionLocations: locs.map((l) => l.id), selected: true }] },
  };
}

/** The demo dealer most stories show: two makes, three sites. */
export const demoDoc: Doc = dealerGroup({ franchises: 2, locations: 3, departmentsPer: 3 });

/** A large dealer group: 40 makes, 30 sites, 8 departments each (240 opening-hours entries). */
export const largeGroupDoc: Doc = dealerGroup({ franchises: 40, locations: 30, departmentsPer: 8 });
