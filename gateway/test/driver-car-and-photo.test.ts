import { request as httpRequest } from 'node:http';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import sharp from 'sharp';
import request from 'supertest';
import { Driver, DRIVER_PHOTO_MAX_BYTES, driversRpc, PLATE_MESSAGE, type DriverRegistrationResult } from '@limo/contracts';
import { RpcClient } from '@limo/messaging';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { registerDriver } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';
import { TEST_SERVERS } from '../../tests/support/test-env.js';

/** A picture of `width` x `height` pixels: two coloured halves, so a crop is visible. */
const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .composite([{ input: { create: { width: Math.ceil(width / 2), height, channels: 3, background: '#f59e0b' } }, left: 0, top: 0 }])
    .toFormat(format)
    .toBuffer();

describe("a driver's car and photo (admin)", () => {
  let db: pg.Client | undefined;
  const stack = withStack({ services: ['drivers'] }, { beforeStop: () => db?.end() });
  let driver: DriverRegistrationResult;

  beforeAll(async () => {
    driver = await registerDriver(stack);
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
  });

  const auth = () => adminAuth(stack);
  const patch = (body: object) => request(stack.baseUrl).patch(`/api/admin/drivers/${driver.id}`).set('Authorization', auth()).send(body);
  const putPhoto = (body: Buffer, type = 'image/png', id = driver.id) =>
    request(stack.baseUrl).put(`/api/drivers/${id}/photo`).set('Authorization', auth()).set('Content-Type', type).send(body);
  const getPhoto = () => request(stack.baseUrl).get(`/api/drivers/${driver.id}/photo`).set('Authorization', auth()).buffer(true).parse(binary);
  const stored = async () =>
    (
      await db!.query<{ vehicle_plate: string | null; vehicle_colour: string | null; photo_version: string | null; photos: string }>(
        `SELECT vehicle_plate, vehicle_colour, photo_version, (SELECT count(*) FROM drivers.driver_photos WHERE driver_id = d.id) AS photos
           FROM drivers.drivers d WHERE id = $1`,
        [driver.id],
      )
    ).rows[0];
  const adminView = async () => Driver.parse((await request(stack.baseUrl).get(`/api/admin/drivers/${driver.id}`).set('Authorization', auth()).expect(200)).body);

  describe('plate and colour', () => {
    it('saves the plate upper-cased and the colour, returns them in the admin views and clears them with empty values', async () => {
      const saved = await patch({ vehiclePlate: ' 7abc-123 ', vehicleColour: 'Silver' }).expect(200);
      expect(saved.body).toMatchObject({ vehiclePlate: '7ABC-123', vehicleColour: 'Silver', photoVersion: null });
      expect(await adminView()).toMatchObject({ vehiclePlate: '7ABC-123', vehicleColour: 'Silver' });
      const list = (await request(stack.baseUrl).get('/api/drivers').set('Authorization', auth()).expect(200)).body as Driver[];
      expect(list.find((d) => d.id === driver.id)).toMatchObject({ vehiclePlate: '7ABC-123', vehicleColour: 'Silver' });

      await patch({ vehiclePlate: '', vehicleColour: null }).expect(200);
      expect(await stored()).toMatchObject({ vehicle_plate: null, vehicle_colour: null });
    });

    it.each([['AB$1234'], ['ABCDE-1234'], ['AB--12'], ['-AB12'], ['AB 12-3'], ['ÀBC123'], ['AB\u00001']])(
      'refuses the plate %j with a 400 and stores nothing of the request',
      async (plate) => {
        await patch({ vehiclePlate: 'LIMO 1', vehicleColour: 'Black' }).expect(200);
        const res = await patch({ vehiclePlate: plate, vehicleColour: 'Red' });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ statusCode: 400, message: expect.stringContaining('vehiclePlate') });
        expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ message: PLATE_MESSAGE })]));
        expect(await stored()).toMatchObject({ vehicle_plate: 'LIMO 1', vehicle_colour: 'Black' });
      },
    );

    it('refuses a colour that is not on the list', async () => {
      const res = await patch({ vehicleColour: 'Chartreuse' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^vehicleColour: Colour must be one of Black, White/);
    });

    it('keeps the database to the same rule as the contract', async () => {
      await expect(db!.query(`UPDATE drivers.drivers SET vehicle_plate = 'abc' WHERE id = $1`, [driver.id])).rejects.toMatchObject({ code: '23514' });
      await expect(db!.query(`UPDATE drivers.drivers SET vehicle_colour = 'Pink' WHERE id = $1`, [driver.id])).rejects.toMatchObject({ code: '23514' });
    });
  });

  describe('photo', () => {
    it('stores a PNG as a 256x256 JPEG, serves it with its ETag and answers 304 to a browser that has it', async () => {
      const res = await putPhoto(await picture(900, 600, 'png'), 'image/png').expect(200);
      const { photoVersion } = Driver.parse(res.body);
      expect(photoVersion).toEqual(expect.any(String));

      const served = await getPhoto().expect(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers.etag).toBe(`"${photoVersion}"`);
      expect(served.headers['cache-control']).toBe('private, no-cache');
      const meta = await sharp(served.body as Buffer).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 256, height: 256 });
      expect((await adminView()).photoVersion).toBe(photoVersion);

      await request(stack.baseUrl).get(`/api/drivers/${driver.id}/photo`).set('Authorization', auth()).set('If-None-Match', `"${photoVersion}"`).expect(304);
    });

    it('takes a JPEG sent as application/octet-stream (the bytes decide, not the header) and gives it a new version', async () => {
      const before = (await adminView()).photoVersion;
      const res = await putPhoto(await picture(300, 1200, 'jpeg'), 'application/octet-stream').expect(200);
      expect(res.body.photoVersion).not.toBe(before);
      const meta = await sharp((await getPhoto().expect(200)).body as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual([256, 256]);
    });

    it('refuses a file that is not an image, whatever its Content-Type says, and keeps the photo it had', async () => {
      const before = await stored();
      for (const [body, type] of [
        [Buffer.from('%PDF-1.7 not a picture'), 'image/png'],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
        [(await picture(20, 20, 'png')).subarray(0, 40), 'image/png'],
        [Buffer.from('hello'), 'text/plain'],
      ] as const) {
        const res = await putPhoto(body, type);
        expect({ type, status: res.status, body: res.body }).toEqual({ type, status: 415, body: { statusCode: 415, message: 'Photo must be a JPEG, PNG or WebP image' } });
      }
      const json = await request(stack.baseUrl).put(`/api/drivers/${driver.id}/photo`).set('Authorization', auth()).send({ photo: 'x' });
      expect(json.status).toBe(415);
      expect(await stored()).toEqual(before);
    });

    it('refuses a body over 5 MB with a 413 and stores nothing', async () => {
      const before = await stored();
      const res = await putPhoto(Buffer.alloc(DRIVER_PHOTO_MAX_BYTES + 1, 0xff), 'image/jpeg');
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ statusCode: 413, message: 'Photo must be at most 5 MB' });
      expect(await stored()).toEqual(before);
    });

    it('stops reading a body sent without a length as soon as it passes 5 MB', async () => {
      const before = await stored();
      const chunk = Buffer.alloc(1024 * 1024, 0xff);
      // node:http rather than fetch: the gateway answers 413 and closes the connection while the
      // client is still sending (RFC 9110 allows it), and fetch then fails on the write (EPIPE)
      // whether or not the answer had arrived; here the answer is read whenever it comes.
      const { status, body, chunksSent } = await new Promise<{ status: number; body: string; chunksSent: number }>((resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = httpRequest(
          `${stack.baseUrl}/api/drivers/${driver.id}/photo`,
          { method: 'PUT', headers: { Authorization: auth(), 'Content-Type': 'image/jpeg', 'Transfer-Encoding': 'chunked' } },
          (res) => {
            answered = true;
            let text = '';
            res.on('data', (data: Buffer) => (text += data.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, chunksSent: sent }));
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
        // Far more than the limit, a megabyte at a time: the answer must not wait for all of it.
        const send = () => {
          if (answered || req.destroyed) return;
          if (sent++ >= 50) return void req.end();
          if (req.write(chunk)) setImmediate(send);
          else req.once('drain', send);
        };
        send();
      });
      expect(status).toBe(413);
      expect(JSON.parse(body)).toEqual({ statusCode: 413, message: 'Photo must be at most 5 MB' });
      expect(chunksSent).toBeLessThan(50);
      expect(await stored()).toEqual(before);
    });

    it('answers 404 for a driver that does not exist', async () => {
      const res = await putPhoto(await picture(50, 50, 'webp'), 'image/webp', 999_999);
      expect(res.status).toBe(404);
    });

    it('removes the photo: the admin view has no version and GET answers 404', async () => {
      const res = await request(stack.baseUrl).delete(`/api/drivers/${driver.id}/photo`).set('Authorization', auth()).expect(200);
      expect(res.body.photoVersion).toBeNull();
      expect(await stored()).toMatchObject({ photo_version: null, photos: '0' });
      const gone = await getPhoto();
      expect(gone.status).toBe(404);
      expect(JSON.parse(String(gone.body))).toEqual({ statusCode: 404, message: 'This driver has no photo' });
    });

    it('is given with the car by driversRpc.get and its bytes by driversRpc.photo (what the tracking page reads)', async () => {
      await patch({ vehiclePlate: '8LMO142', vehicleColour: 'Gold' }).expect(200);
      const uploaded = Driver.parse((await putPhoto(await picture(64, 64, 'png')).expect(200)).body);
      const nc = await connect({ servers: TEST_SERVERS.nats });
      try {
        const rpc = new RpcClient(nc, { prefix: stack.env.id, timeoutMs: 10_000 });
        expect(await rpc.request(driversRpc.get, { id: driver.id })).toMatchObject({ vehiclePlate: '8LMO142', vehicleColour: 'Gold', photoVersion: uploaded.photoVersion });
        const photo = await rpc.request(driversRpc.photo, { id: driver.id });
        expect(photo?.version).toBe(uploaded.photoVersion);
        expect((await sharp(Buffer.from(photo!.jpeg, 'base64')).metadata()).format).toBe('jpeg');
        await expect(rpc.request(driversRpc.photo, { id: 999_999 })).rejects.toMatchObject({ status: 404 });
        // The service stores only a JPEG, whoever calls it.
        await expect(rpc.request(driversRpc.setPhoto, { id: driver.id, jpeg: Buffer.from('GIF89a').toString('base64') })).rejects.toMatchObject({ status: 400 });
      } finally {
        await nc.close();
      }
    });

    it("still edits a driver for the previous release's gateways (drivers.drivers.update.v1), which know no car", async () => {
      const nc = await connect({ servers: TEST_SERVERS.nats });
      try {
        const rpc = new RpcClient(nc, { prefix: stack.env.id, timeoutMs: 10_000 });
        expect(await rpc.request(driversRpc.updateV1, { id: driver.id, changes: { address: '2 Ocean Ave, Santa Monica, CA' } })).toMatchObject({
          address: '2 Ocean Ave, Santa Monica, CA',
          vehiclePlate: '8LMO142',
        });
      } finally {
        await nc.close();
      }
    });

    it('is for admins only', async () => {
      await request(stack.baseUrl).get(`/api/drivers/${driver.id}/photo`).expect(401);
      await request(stack.baseUrl).put(`/api/drivers/${driver.id}/photo`).set('Content-Type', 'image/png').send(await picture(10, 10, 'png')).expect(401);
    });

    it('answers an anonymous upload before reading its body: nobody unsigned-in makes it hold 5 MB', async () => {
      // 5 MB announced, 16 bytes sent and the rest held back: the answer must not wait for them.
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${stack.baseUrl}/api/drivers/${driver.id}/photo`, { method: 'PUT', headers: { 'Content-Type': 'image/png', 'Content-Length': String(DRIVER_PHOTO_MAX_BYTES) } }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
        req.write(Buffer.alloc(16));
        setTimeout(() => req.destroy(), 4000).unref();
      });
      expect(status).toBe(401);
      expect(JSON.parse(body)).toEqual({ statusCode: 401, message: 'Admin authentication required: invalid or missing credentials' });
    });
  });
});

/** supertest's parser for a body kept as bytes. */
function binary(res: NodeJS.ReadableStream, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}
