import { z } from 'zod';

/** What both login forms hold. */
export interface LoginValues {
  username: string;
  password: string;
}

export const EMPTY_LOGIN: LoginValues = { username: '', password: '' };

const username = z.string().trim().min(1, 'Username is required');

/**
 * The admin login (spec section 5: username and password required). The password is sent as
 * typed: spaces can be part of it.
 */
export const AdminLogin = z.object({ username, password: z.string().min(1, 'Password is required') });

/** The driver login: both fields required once trimmed (spec section 2, /login). */
export const DriverLogin = z.object({ username, password: z.string().trim().min(1, 'Password is required') });
