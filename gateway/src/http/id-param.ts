import { wholeNumberText } from '@limo/contracts';

/** A positive whole-number id in a path (`/drivers/12`); anything else is a 400 naming it. */
export const IdParam = wholeNumberText(1, 2_147_483_647, 'id must be a positive whole number', 'id is too large');
