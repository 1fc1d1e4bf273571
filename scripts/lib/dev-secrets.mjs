// `npm start`'s secrets outside production: made up on the first start and kept in a file only
// its owner can read (var/dev-secrets.json, git-ignored, mode 0600), so that links sent in one
// run still open in the next and nothing is signed with a value anyone can read in the source.
// Never printed or logged: they reach the processes through their environment only.
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The secrets `npm start` keeps, each 256 random bits. */
const DEV_SECRET_NAMES = ['LINK_SIGNING_SECRET'];

export const DEFAULT_DEV_SECRETS_FILE = 'var/dev-secrets.json';

const newSecret = () => randomBytes(32).toString('base64url');
const isSecret = (value) => typeof value === 'string' && value.length >= 32;

/**
 * The kept secrets, creating the file (or the names it lacks) on first use.
 * @param {string} file
 * @returns {Record<string, string>}
 */
export function developmentSecrets(file = DEFAULT_DEV_SECRETS_FILE) {
  mkdirSync(dirname(file), { recursive: true });
  const kept = readOrCreate(file);
  const missing = DEV_SECRET_NAMES.filter((name) => !isSecret(kept[name]));
  if (missing.length === 0) {
    // Made readable by others since (a copy, an umask): only its owner may read it.
    chmodSync(file, 0o600);
    return pick(kept);
  }
  const secrets = { ...kept, ...Object.fromEntries(missing.map((name) => [name, newSecret()])) };
  renameSync(writeTemporary(file, secrets), file);
  return pick(secrets);
}

const pick = (secrets) => Object.fromEntries(DEV_SECRET_NAMES.map((name) => [name, secrets[name]]));

/** The file's secrets, or a new file of fresh ones: published whole (a hard link fails if another start made it first, whose file is then read). */
function readOrCreate(file) {
  const existing = read(file);
  if (existing) return existing;
  const secrets = Object.fromEntries(DEV_SECRET_NAMES.map((name) => [name, newSecret()]));
  const next = writeTemporary(file, secrets);
  try {
    linkSync(next, file);
    return secrets;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    return read(file) ?? {};
  } finally {
    rmSync(next, { force: true });
  }
}

function writeTemporary(file, secrets) {
  const next = `${file}.${process.pid}.tmp`;
  writeFileSync(next, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return next;
}

/** The file's content, undefined when there is none; a damaged file counts as empty (its names are made again). */
function read(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}
