import { measureWait } from './waiting.js';

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const HOTEL = 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210';
const pickupAt = new Date('2026-11-30T18:00:00Z');
const at = (minutes: number, seconds = 0) => new Date(pickupAt.getTime() + minutes * 60_000 + seconds * 1000);
const ride = (over: Partial<Parameters<typeof measureWait>[0]> = {}) => ({ pickupAt, pickupLocation: LAX, meetGreet: false, arrivedAt: at(0), pickedUpAt: at(75), ...over });

describe('the wait at the pickup', () => {
  it.each([
    // [what, ride, hourly rate, minutes, free, charged, charge]
    ['75 minutes at an airport: 15 charged', ride(), '100.00', 75, 60, 15, '25.00'],
    ['exactly the free hour: nothing', ride({ pickedUpAt: at(60) }), '100.00', 60, 60, 0, '0.00'],
    ['one second over: a started minute', ride({ pickedUpAt: at(60, 1) }), '100.00', 61, 60, 1, '1.67'],
    ['meet and greet at a hotel: 60 free', ride({ pickupLocation: HOTEL, meetGreet: true, pickedUpAt: at(70) }), '120.00', 70, 60, 10, '20.00'],
    ['a hotel without meet and greet: 15 free', ride({ pickupLocation: HOTEL, pickedUpAt: at(20) }), '100.00', 20, 15, 5, '8.33'],
    ['arrived early: counted from the pickup time', ride({ arrivedAt: at(-30), pickedUpAt: at(10) }), '100.00', 10, 60, 0, '0.00'],
    ['arrived late: counted from the arrival', ride({ pickupLocation: HOTEL, arrivedAt: at(30), pickedUpAt: at(50) }), '100.00', 20, 15, 5, '8.33'],
    ['picked up before the pickup time', ride({ arrivedAt: at(-20), pickedUpAt: at(-5) }), '100.00', 0, 60, 0, '0.00'],
    ['a long wait rounds on the whole, not per minute', ride({ pickupLocation: HOTEL, pickedUpAt: at(15 + 7) }), '95.00', 22, 15, 7, '11.08'],
  ])('%s', (_, facts, rate, minutes, freeMinutes, chargedMinutes, charge) => {
    expect(measureWait(facts, rate)).toEqual({ minutes, freeMinutes, chargedMinutes, charge });
  });

  it('measures nothing when the driver did not report "Arrived"', () => {
    expect(measureWait(ride({ arrivedAt: null }), '100.00')).toBeNull();
  });
});
