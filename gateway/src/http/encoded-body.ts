import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Request, Response } from 'express';

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
  return { etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`, identity, gzip: gz, br };
}

/**
 * Sends an encoded answer: brotli when the client accepts it at all (smaller), else gzip, else
 * as is (the compression middleware leaves a body that already has its Content-Encoding alone),
 * with an ETag so a client that has it gets a 304.
 */
export function sendEncoded(req: Request, res: Response, body: EncodedBody, cacheControl: string): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('ETag', body.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', cacheControl);
  if (req.headers['if-none-match'] === body.etag) {
    res.status(304).end();
    return;
  }
  const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : 'identity';
  if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding);
  res.status(200).end(encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity);
}
