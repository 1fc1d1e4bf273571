import { SetMetadata } from '@nestjs/common';

export const CUSTOMER_ONLY = 'limo:customerOnly';

/**
 * A route for a signed-in customer (the `limo_customer` session cookie, checked by the handler
 * with the customers service); admin credentials and driver sessions do not open it. Read by the
 * route table for the API documents.
 */
export const CustomerOnly = () => SetMetadata(CUSTOMER_ONLY, true);
