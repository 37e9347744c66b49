import { describe, expect, it } from 'vitest';
import { parseMultipart } from './multipart.js';

describe('parseMultipart', () => {
  it('splits parts with names, filenames, types and binary data', () => {
    const binary = Buffer.from([0, 1, 2, 13, 10, 45, 45, 255]);
    const body = Buffer.concat([
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nAda\r\n'),
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
      binary,
      Buffer.from('\r\n--XyZ--\r\n'),
    ]);
    const parts = parseMultipart(body, 'XyZ');
    expect(parts.map((p) => [p.name, p.filename, p.contentType])).toEqual([['first_name', null, null], ['avatar', 'a.png', 'image/png']]);
    expect(parts[0]!.data.toString()).toBe('Ada');
    expect(parts[1]!.data.equals(binary)).toBe(true);
  });

  it('rejects a body without the boundary or without its end', () => {
    expect(() => parseMultipart(Buffer.from('nothing'), 'XyZ')).toThrow();
    expect(() => parseMultipart(Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end'), 'XyZ')).toThrow();
  });
});
