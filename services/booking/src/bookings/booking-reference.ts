import { randomInt } from 'node:crypto';

/**
 * Letters and digits that cannot be misread on the phone or on paper: no 0/O, 1/I/L, or U
 * (which reads as V). 30 symbols, 5 of them: 24 million references.
 */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const REFERENCE_PREFIX = 'LX-';
const REFERENCE_LENGTH = 5;
export const REFERENCE_PATTERN = new RegExp(`^${REFERENCE_PREFIX}[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);

export type ReferenceGenerator = () => string;

/** A random reference such as LX-7K3Q9; uniqueness is the database's job (retry on collision). */
export const randomReference: ReferenceGenerator = () => {
  let code = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${REFERENCE_PREFIX}${code}`;
};

/** Where the repository takes references from; a test can swap `next` to force collisions. */
export interface ReferenceSource {
  next: ReferenceGenerator;
}
export const REFERENCE_GENERATOR = Symbol('ReferenceGenerator');
