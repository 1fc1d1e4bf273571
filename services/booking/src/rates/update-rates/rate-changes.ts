import { DEFAULT_DRIVER_SHARES, type RateTable } from '@limo/contracts';

const dollars = (amount: string) => `$${amount}`;
const pair = (a: string, b: string) => [a, b].sort().join('|');

/** What a save changes, one line per figure, in the admin's words (kept with the version). */
export function describeChanges(before: RateTable, after: RateTable, names: { vehicle(id: number): string; zone(id: string): string }): string[] {
  const lines: string[] = [];
  const moved = (label: string, from: string | number, to: string | number) => {
    if (from !== to) lines.push(`${label}: ${from} → ${to}`);
  };
  const vehicleIds = [...new Set([...before.vehicles, ...after.vehicles].map((v) => v.vehicleId))].sort((a, b) => a - b);
  for (const id of vehicleIds) {
    const was = before.vehicles.find((v) => v.vehicleId === id);
    const now = after.vehicles.find((v) => v.vehicleId === id);
    const name = names.vehicle(id);
    if (!was && now) lines.push(`${name}: rates set (${dollars(now.hourlyRate)} an hour, ${now.minimumHours}-hour minimum, transfers ${now.transferPercent}%)`);
    else if (was && !now) lines.push(`${name}: own rates removed`);
    else if (was && now) {
      moved(`${name} hourly rate`, dollars(was.hourlyRate), dollars(now.hourlyRate));
      moved(`${name} minimum hours`, was.minimumHours, now.minimumHours);
      moved(`${name} transfers`, `${was.transferPercent}%`, `${now.transferPercent}%`);
    }
  }
  const fares = (table: RateTable) => new Map(table.zoneFares.map((f) => [pair(f.from, f.to), f]));
  const was = fares(before);
  const now = fares(after);
  for (const [key, fare] of now) {
    const label = `${names.zone(fare.from)} to ${names.zone(fare.to)}`;
    const old = was.get(key);
    if (!old) lines.push(`${label}: ${dollars(fare.fare)} (new)`);
    else moved(label, dollars(old.fare), dollars(fare.fare));
  }
  for (const [key, fare] of was) if (!now.has(key)) lines.push(`${names.zone(fare.from)} to ${names.zone(fare.to)}: removed (was ${dollars(fare.fare)})`);
  moved('Distance flag fall', dollars(before.distance.flagFall), dollars(after.distance.flagFall));
  moved('Distance per mile', dollars(before.distance.perMile), dollars(after.distance.perMile));
  moved('Distance minimum', dollars(before.distance.minimum), dollars(after.distance.minimum));
  moved('Meet & Greet', dollars(before.extras.meetGreet), dollars(after.extras.meetGreet));
  moved('Child safety seats', dollars(before.extras.childSeat), dollars(after.extras.childSeat));
  moved('Airport surcharge', dollars(before.extras.airportSurcharge), dollars(after.extras.airportSurcharge));
  moved('Return leg discount', `${before.returnLegPercent}%`, `${after.returnLegPercent}%`);
  const [wasShares, nowShares] = [before.driverShares ?? DEFAULT_DRIVER_SHARES, after.driverShares ?? DEFAULT_DRIVER_SHARES];
  moved("Driver's share of waiting", `${wasShares.wait}%`, `${nowShares.wait}%`);
  moved("Driver's share of extra stops", `${wasShares.extraStop}%`, `${nowShares.extraStop}%`);
  moved("Driver's share of tolls", `${wasShares.tolls}%`, `${nowShares.tolls}%`);
  moved("Driver's share of parking", `${wasShares.parking}%`, `${nowShares.parking}%`);
  return lines;
}
