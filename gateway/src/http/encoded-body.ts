import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { weakEtagOf } from './etags.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A JSON answer as it goes on the wire, encoded once for every request that gets it until it changes. */
export interface EncodedBody {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Serialises and compresses an answer once. Brotli's quality is the caller's: 11 (smallest,
 * slowest) for what changes only with an admin's edit, lower for what changes with every event.
 */
export async function encodeJson(value: unknown, brotliQuality = 11): Promise<EncodedBody> {
  const identity = Buffer.from(JSON.stringify(value));
  const [gz, br] = await Promise.all([
    gzipped(identity),
    brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  return { etag: weakEtagOf(identity), identity, gzip: gz, br };
}

/**
 * Sends an encoded answer: brotli when the client accepts it at all (smaller), else gzip, else
 * as is (the compression middleware leaves a body that already has its Content-Encoding alone),
 * with an ETag: a client that has it gets a 304 from the ETag hook (etags.ts).
 */
export function sendEncoded(req: FastifyRequest, res: FastifyReply, body: EncodedBody, cacheControl: string): void {
  res.header('Content-Type', 'application/json; charset=utf-8');
  res.header('ETag', body.etag);
  res.header('Vary', 'Accept-Encoding');
  res.header('Cache-Control', cacheControl);
  const accepted = new Negotiator(req.raw).encodings(['br', 'gzip']);
  const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : 'identity';
  if (encoding === 'br' || encoding === 'gzip') res.header('Content-Encoding', encoding);
  res.code(200).send(encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity);
}
