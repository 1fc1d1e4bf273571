import type { RateZone } from '@limo/contracts';
import { RatesForm, ratesFormOf, tableOf, zoneFareMessage } from './rates-form';

const ZONES: RateZone[] = [
  { id: 'lax', name: 'LAX', kind: 'airport' },
  { id: 'santa-monica', name: 'Santa Monica', kind: 'city' },
];

const TABLE = {
  vehicles: [{ vehicleId: 1, hourlyRate: '100.00', minimumHours: 3, transferPercent: 100 }],
  zoneFares: [{ from: 'lax', to: 'santa-monica', fare: '60.00' }],
  distance: { flagFall: '30.00', perMile: '3.75', minimum: '65.00' },
  extras: { meetGreet: '25.00', childSeat: '15.00', airportSurcharge: '10.00' },
  returnLegPercent: 20,
  driverShares: { wait: 50, extraStop: 60, tolls: 100, parking: 90 },
};

const issues = (values: ReturnType<typeof ratesFormOf>) => {
  const result = RatesForm.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the Rates form', () => {
  it('gives back the table it was filled from', () => {
    expect(RatesForm.parse(ratesFormOf(TABLE))).toEqual(TABLE);
  });

  it('gives a table saved before the drivers’ shares the default shares', () => {
    const { driverShares: _shares, ...older } = TABLE;
    expect(RatesForm.parse(ratesFormOf(older)).driverShares).toEqual({ wait: 60, extraStop: 60, tolls: 100, parking: 100 });
    expect(issues({ ...ratesFormOf(TABLE), driverShares: { ...ratesFormOf(TABLE).driverShares, tolls: '101' } })).toHaveProperty(['driverShares.tolls']);
  });

  it('reads typed whole numbers and amounts as the contract wants them', () => {
    const values = { ...ratesFormOf(TABLE), returnLegPercent: ' 15 ' };
    values.vehicles[0].minimumHours = '4';
    values.zoneFares[0].fare = '62.5';
    expect(RatesForm.parse(values)).toMatchObject({ returnLegPercent: 15, vehicles: [{ minimumHours: 4 }], zoneFares: [{ fare: '62.50' }] });
  });

  it("refuses a zone pair entered twice, either way round, under the second row, naming the zones", () => {
    const values = ratesFormOf(TABLE);
    values.zoneFares.push({ from: 'santa-monica', to: 'lax', fare: '61.00' });
    const errors = issues(values);
    expect(errors['zoneFares.0']).toBeUndefined();
    expect(zoneFareMessage(errors, 1, ZONES)).toBe(
      'The zone pair Santa Monica and LAX is entered twice: change the fare of the first one instead',
    );
  });

  it('refuses blank and non-whole figures with the contract messages', () => {
    const values = ratesFormOf(TABLE);
    values.vehicles[0].minimumHours = '2.5';
    values.extras.meetGreet = '0';
    values.zoneFares.push({ from: '', to: 'lax', fare: '' });
    const errors = issues(values);
    expect(errors['vehicles.0.minimumHours']).toBe('Minimum hours must be a whole number from 1 to 12');
    expect(errors['extras.meetGreet']).toMatch(/Rates must be amounts above \$0\.00/);
    expect(zoneFareMessage(errors, 1, ZONES)).toBe('Unknown zone');
  });

  it('states the largest fare when one is too large', () => {
    const values = ratesFormOf(TABLE);
    values.distance.minimum = '99999999';
    expect(issues(values)['distance.minimum']).toBe('Rates must be amounts above $0.00 and up to $99,999.99, with at most two decimals');
  });

  it('keeps the typed text when it is not a whole number', () => {
    expect(tableOf({ ...ratesFormOf(TABLE), returnLegPercent: 'abc' }).returnLegPercent).toBe('abc');
  });
});
