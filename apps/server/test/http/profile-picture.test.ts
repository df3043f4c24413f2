import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { createUser, type TestUser } from '../support/factories.js';
import { multipart } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

/** A JPEG with camera and GPS metadata in it. */
function photoWithMetadata(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0306a' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'CamaraSecreta', Model: 'Modelo X100' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '3/1 42/1 0/1' },
    })
    .toBuffer();
}

function upload(user: TestUser, data: Buffer, options: { field?: string; filename?: string; contentType?: string } = {}) {
  const body = multipart([
    { field: options.field ?? 'profilePicture', filename: options.filename ?? 'profile.jpg', contentType: options.contentType ?? 'image/jpeg', data },
  ]);
  return t.request({ method: 'PUT', url: '/api/user/profile-picture', token: user.token, ...body });
}

async function avatarFolders(): Promise<string[]> {
  return (await t.stored.folders()).filter((key) => key.startsWith('u/')).map((key) => key.slice(2));
}

describe('PUT /api/user/profile-picture', () => {
  it('stores a square picture in two sizes without any metadata and shows it on the profile', async () => {
    const user = await createUser(t);
    const original = await photoWithMetadata(900, 600);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const response = await upload(user, original);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { success: boolean; message: string; profilePictureUrl: string };
    expect(body).toMatchObject({ success: true, message: messages.pictureSaved });
    expect(body.profilePictureUrl).toMatch(/^\/media\/u\/[a-z0-9]{20}\/avatar-256\.webp$/);

    const folder = body.profilePictureUrl.replace('/media/', '').split('/').slice(0, -1).join('/');
    for (const [file, size] of [['avatar-256.webp', 256], ['avatar-96.webp', 96]] as const) {
      const meta = await sharp((await t.stored.read(`${folder}/${file}`))!).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([size, size]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      const bytes = (await t.stored.read(`${folder}/${file}`))!;
      expect(bytes.includes(Buffer.from('CamaraSecreta'))).toBe(false);
    }

    const served = await t.request({ method: 'GET', url: body.profilePictureUrl });
    expect(served.statusCode).toBe(200);
    const profile = (await t.request({ method: 'GET', url: `/api/profile/${user.username}` })).json();
    expect(profile.user.profilePictureUrl).toBe(body.profilePictureUrl);
  });

  it('replaces the previous picture and leaves no files of it behind', async () => {
    const user = await createUser(t);
    const before = new Set(await avatarFolders());
    const first = (await upload(user, await photoWithMetadata(300, 300))).json().profilePictureUrl as string;
    const second = (await upload(user, await sharp({ create: { width: 400, height: 400, channels: 3, background: '#123456' } }).png().toBuffer())).json().profilePictureUrl as string;
    expect(second).not.toBe(first);
    const added = (await avatarFolders()).filter((name) => !before.has(name));
    expect(added).toEqual([second.split('/')[3]]);
    expect((await t.request({ method: 'GET', url: first })).statusCode).toBe(404);
  });

  it('judges the bytes, not the name or declared type', async () => {
    const user = await createUser(t);
    const before = await avatarFolders();
    const text = await upload(user, Buffer.from('esto no es una imagen, aunque se llame .jpg'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ success: false, message: messages.pictureInvalid });
    const svg = await upload(user, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), { contentType: 'image/svg+xml' });
    expect(svg.statusCode).toBe(400);
    const truncated = (await photoWithMetadata(200, 200)).subarray(0, 300);
    expect((await upload(user, truncated)).statusCode).toBe(400);
    // A real PNG sent as "profile.txt" with a text type is still a picture.
    const png = await sharp({ create: { width: 50, height: 50, channels: 4, background: '#00ff0080' } }).png().toBuffer();
    expect((await upload(user, png, { filename: 'profile.txt', contentType: 'text/plain' })).statusCode).toBe(200);
    expect((await avatarFolders()).length).toBe(before.length + 1);
  });

  it('refuses images over the pixel cap before decoding them', async () => {
    const user = await createUser(t);
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000000' } }).jpeg({ quality: 10 }).toBuffer();
    const response = await upload(user, huge);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: messages.pictureTooLarge });
  });

  it('refuses files over 10 MB with a 413', async () => {
    const user = await createUser(t);
    const response = await upload(user, Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: messages.pictureTooLarge });
  });

  it('needs the profilePicture field and a session', async () => {
    const user = await createUser(t);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const wrongField = await upload(user, png, { field: 'photo' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ success: false, message: messages.pictureMissing });
    const notMultipart = await t.request({ method: 'PUT', url: '/api/user/profile-picture', token: user.token, payload: { x: 1 } });
    expect(notMultipart.statusCode).toBe(400);
    const guest = await t.request({ method: 'PUT', url: '/api/user/profile-picture', ...multipart([{ field: 'profilePicture', filename: 'p.png', contentType: 'image/png', data: png }]) });
    expect(guest.statusCode).toBe(401);
  });
});
