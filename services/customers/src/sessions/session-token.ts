import { createHash, randomBytes } from 'node:crypto';

/** A session's token: 256 random bits for the cookie. Only its hash is stored. */
export const newSessionToken = () => randomBytes(32).toString('base64url');

/** SHA-256 suffices here (unlike the 6-digit codes): nobody can try 2^256 tokens. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
