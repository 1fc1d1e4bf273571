/** Figures of the service pages and the home page (spec section 9); prices come from the price guide (site-prices). */

/** Airports served (spec section 1), word for word. */
export const AIRPORTS_SERVED = 'LAX, Burbank, Long Beach and other Southern California airports';

export const MEET_AND_GREET = { freeWait: '60 minutes' } as const;
export const AIRPORT_SERVICE = { freeWait: '60 minutes' } as const;

/** From how many hours the hourly table lists "N+ hours" at the hourly rate. */
export const HOURLY_LONG_BOOKING = 8;

/** The popular destinations section: the guide's sample fares from LAX. */
export const POPULAR_DESTINATIONS = [
  {
    name: 'Downtown',
    route: 'LAX to Downtown',
    price: 'laxToDowntown',
    blurb: 'Crypto.com Arena, the Arts District and the financial core, straight from your terminal.',
    scene: 'downtown',
  },
  {
    name: 'Beverly Hills',
    route: 'LAX to Beverly Hills',
    price: 'laxToBeverlyHills',
    blurb: 'Rodeo Drive, the hotels of Wilshire Boulevard and quiet residential streets.',
    scene: 'beverly-hills',
  },
  {
    name: 'Santa Monica',
    route: 'LAX to Santa Monica',
    price: 'laxToSantaMonica',
    blurb: 'The pier, Ocean Avenue and Third Street Promenade, minutes up the coast.',
    scene: 'santa-monica',
  },
] as const;
