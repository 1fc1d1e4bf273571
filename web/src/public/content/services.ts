/** Figures of the service pages and the home page (spec section 9, marketing figures). */

/** Airports served (spec section 1), word for word. */
export const AIRPORTS_SERVED = 'LAX, Burbank, Long Beach and other Southern California airports';

export const MEET_AND_GREET = { fee: '$25', freeWait: '60 minutes' } as const;
export const AIRPORT_SERVICE = { surcharge: '$10', freeWait: '60 minutes' } as const;

export const HOURLY_SERVICE = {
  rate: '$100 per hour',
  rows: [
    { label: '3-hour minimum', price: '$300' },
    { label: '4 hours', price: '$400' },
    { label: '8+ hours', price: '$100/hr' },
  ],
  inclusions: 'Prices include a 5% service fee and 15% gratuity.',
} as const;

/** Sample fares of the popular destinations section. */
export const POPULAR_DESTINATIONS = [
  {
    name: 'Downtown',
    route: 'LAX to Downtown',
    fare: '$90',
    blurb: 'Crypto.com Arena, the Arts District and the financial core, straight from your terminal.',
    scene: 'downtown',
  },
  {
    name: 'Beverly Hills',
    route: 'LAX to Beverly Hills',
    fare: '$75',
    blurb: 'Rodeo Drive, the hotels of Wilshire Boulevard and quiet residential streets.',
    scene: 'beverly-hills',
  },
  {
    name: 'Santa Monica',
    route: 'LAX to Santa Monica',
    fare: '$70',
    blurb: 'The pier, Ocean Avenue and Third Street Promenade, minutes up the coast.',
    scene: 'santa-monica',
  },
] as const;
