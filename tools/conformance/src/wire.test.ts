import { describe, expect, it } from 'vitest';
import { bareRequest, del, formBody, get, post, put, unique, xmlBody } from './client';
import {
  INTEGER,
  XML_DECLARATION,
  expectEmpty,
  expectErrors,
  expectList,
  expectMessage,
  expectNotFound,
  expectRecord,
  expectStatus,
  findById,
  idOf,
} from './expect-xml';
import { createLocation, createManufacturer, list, read } from './fixtures';
import { forms } from './forms';
import { targets } from './suite';

describe.each(targets())('wire conventions on $name', (target) => {
  const manufacturers = () => list(target, 'manufacturer', 'manufacturers');

  describe('responses', () => {
    it('are XML documents with a declaration and application/xml; charset=utf-8', async () => {
      const created = await createManufacturer(target);
      for (const reply of [await get(target, '/manufacturer'), await get(target, `/manufacturer/${idOf(created)}`)]) {
        expectStatus(reply, 200);
        expect(reply.headers.get('content-type')).toMatch(/^application\/xml;\s*charset=utf-8$/i);
        expect(reply.text).toMatch(XML_DECLARATION);
      }
    });

    it('are XML when the request has no Accept header', async () => {
      const reply = await bareRequest(target, 'GET', '/manufacturer');
      expectList(reply, 'manufacturers', 'manufacturer', forms.manufacturerList);
    });

    it('are XML when the request accepts */*', async () => {
      const reply = await get(target, '/manufacturer', { headers: { accept: '*/*' } });
      expectList(reply, 'manufacturers', 'manufacturer', forms.manufacturerList);
    });

    it('write ids as integers', async () => {
      const created = await createManufacturer(target);
      expect(created.id).toMatch(INTEGER);
    });

    it('escape markup and keep non-ASCII text', async () => {
      const name = `${unique('A&B <x> "q"')} Müller – 東京`;
      const reply = await post(target, '/manufacturer', { body: xmlBody('manufacturer', { name }) });
      const record = expectRecord(reply, 'manufacturer', forms.manufacturerShow);
      expect(record.name).toBe(name);
      expect(reply.text).toContain('A&amp;B &lt;x&gt;');
      expect((await read(target, 'manufacturer', idOf(record))).name).toBe(name);
    });

    it('of deletes are 200 with an empty body', async () => {
      const created = await createManufacturer(target);
      expectEmpty(await del(target, `/manufacturer/${idOf(created)}`));
    });
  });

  describe('paths', () => {
    it('accept a trailing slash on every operation', async () => {
      const name = unique('mfr-slash');
      const created = expectRecord(
        await post(target, '/manufacturer/', { body: xmlBody('manufacturer', { name }) }),
        'manufacturer',
        forms.manufacturerShow,
      );
      const id = idOf(created);
      const items = expectList(await get(target, '/manufacturer/'), 'manufacturers', 'manufacturer', forms.manufacturerList);
      expect(findById(items, id)?.name).toBe(name);
      expect(expectRecord(await get(target, `/manufacturer/${id}/`), 'manufacturer', forms.manufacturerShow)).toEqual(created);
      const updated = await put(target, `/manufacturer/${id}/`, { body: xmlBody('manufacturer', { short_name: 'SL' }) });
      expect(expectRecord(updated, 'manufacturer', forms.manufacturerShow).short_name).toBe('SL');
      expectEmpty(await del(target, `/manufacturer/${id}/`));
      expectNotFound(await get(target, `/manufacturer/${id}/`), 'Manufacturer', id);
    });

    it('answer an unknown route under a valid token with 404, naming the path after the token', async () => {
      expectMessage(await get(target, '/foo'), 404, 'No route matches [GET] "/foo"');
      expectMessage(await post(target, '/no_such_resource', { body: '<x/>' }), 404, 'No route matches [POST] "/no_such_resource"');
      expectMessage(await get(target, '/manufacturer/1/bogus'), 404, 'No route matches [GET] "/manufacturer/1/bogus"');
    });

    it('answer a method the route does not have with 404', async () => {
      expectMessage(await del(target, '/manufacturer'), 404, 'No route matches [DELETE] "/manufacturer"');
    });
  });

  describe('request bodies', () => {
    it('may be a form with Rails bracket keys', async () => {
      const name = unique('mfr-form');
      const reply = await post(target, '/manufacturer', {
        form: formBody('manufacturer', { name, website: 'https://form.example' }),
      });
      const record = expectRecord(reply, 'manufacturer', forms.manufacturerShow);
      expect(record).toMatchObject({ name, website: 'https://form.example' });
      const updated = await put(target, `/manufacturer/${idOf(record)}`, {
        form: formBody('manufacturer', { website: '', short_name: 'F' }),
      });
      expect(expectRecord(updated, 'manufacturer', forms.manufacturerShow)).toMatchObject({
        name,
        website: null,
        short_name: 'F',
      });
    });

    it('may be left empty with the fields in query parameters', async () => {
      const name = unique('mfr-query');
      const reply = await post(target, '/manufacturer', {
        query: `manufacturer[name]=${encodeURIComponent(name)}&manufacturer%5Bshort_name%5D=Q`,
      });
      const record = expectRecord(reply, 'manufacturer', forms.manufacturerShow);
      expect(record).toMatchObject({ name, short_name: 'Q' });
      const updated = await put(target, `/manufacturer/${idOf(record)}`, { query: 'manufacturer[website]=https://q.example' });
      expect(expectRecord(updated, 'manufacturer', forms.manufacturerShow)).toMatchObject({
        name,
        short_name: 'Q',
        website: 'https://q.example',
      });
    });

    it('win over query parameters, which merge in', async () => {
      const bodyName = unique('mfr-body');
      const queryName = unique('mfr-query');
      const reply = await post(target, '/manufacturer', {
        query: `manufacturer[name]=${encodeURIComponent(queryName)}&manufacturer[website]=https://merged.example`,
        body: xmlBody('manufacturer', { name: bodyName }),
      });
      expect(expectRecord(reply, 'manufacturer', forms.manufacturerShow)).toMatchObject({
        name: bodyName,
        website: 'https://merged.example',
      });
      expect((await manufacturers()).filter((m) => m.name === queryName)).toEqual([]);
    });

    it('count length in characters, not UTF-16 units: 255 emoji fit a name, 256 do not', async () => {
      const emoji = '😀';
      /** A unique name of exactly `length` characters, padded with emoji. */
      const nameOf = (length: number) => {
        const prefix = unique('len');
        return prefix + emoji.repeat(length - prefix.length);
      };
      for (const name of [`${emoji.repeat(128)}${unique('')}`, nameOf(255)]) {
        const record = expectRecord(
          await post(target, '/manufacturer', { body: xmlBody('manufacturer', { name }) }),
          'manufacturer',
          forms.manufacturerShow,
        );
        expect(record.name).toBe(name);
        expect((await read(target, 'manufacturer', idOf(record))).name).toBe(name);
      }
      const marker = unique('marker');
      const tooLong = ['Name is too long (maximum is 255 characters)'];
      const refused = await post(target, '/manufacturer', { body: xmlBody('manufacturer', { name: nameOf(256), short_name: marker }) });
      expectErrors(refused, 400, tooLong);
      expect((await manufacturers()).filter((m) => m.short_name === marker)).toEqual([]);
      const created = await createManufacturer(target);
      expectErrors(await put(target, `/manufacturer/${idOf(created)}`, { body: xmlBody('manufacturer', { name: nameOf(256) }) }), 400, tooLong);
      expect(await read(target, 'manufacturer', idOf(created))).toEqual(created);
    });

    it('with an empty element, nil="true" or only whitespace set a field to null', async () => {
      for (const element of ['<website/>', '<website></website>', '<website nil="true"/>', '<website>  </website>']) {
        const created = await createManufacturer(target, { website: 'https://set.example' });
        const reply = await put(target, `/manufacturer/${idOf(created)}`, { body: `<manufacturer>${element}</manufacturer>` });
        expect(expectRecord(reply, 'manufacturer', forms.manufacturerShow).website, element).toBeNull();
        expect((await read(target, 'manufacturer', idOf(created))).website, element).toBeNull();
      }
    });

    it('are read with a charset in the Content-Type', async () => {
      const name = unique('mfr-charset');
      const reply = await post(target, '/manufacturer', {
        body: xmlBody('manufacturer', { name }),
        headers: { 'content-type': 'application/xml; charset=utf-8' },
      });
      expect(expectRecord(reply, 'manufacturer', forms.manufacturerShow).name).toBe(name);
    });

    it('may carry unknown fields, which are ignored', async () => {
      const name = unique('mfr');
      const reply = await post(target, '/manufacturer', {
        body: xmlBody('manufacturer', { name, bogus: '1', created_at: 'yesterday' }, '<nested><deep>x</deep></nested>'),
      });
      const record = expectRecord(reply, 'manufacturer', forms.manufacturerShow);
      expect(record.name).toBe(name);
      expect(reply.text).not.toContain('bogus');
      const updated = await put(target, `/manufacturer/${idOf(record)}`, { body: xmlBody('manufacturer', { colour: 'red' }) });
      expect(expectRecord(updated, 'manufacturer', forms.manufacturerShow)).toEqual(record);
    });

    it('on update may be an empty root element, which changes nothing', async () => {
      const created = await createManufacturer(target, { website: 'https://same.example', city: 'Same' });
      const id = idOf(created);
      for (const body of ['<manufacturer/>', '<manufacturer></manufacturer>']) {
        const reply = await put(target, `/manufacturer/${id}`, { body });
        expect(expectRecord(reply, 'manufacturer', forms.manufacturerShow), body).toEqual(created);
      }
      expect(await read(target, 'manufacturer', id)).toEqual(created);
    });

    it('on update without the resource root (no body, another root) are a 400 naming the root, and change nothing', async () => {
      const created = await createManufacturer(target, { website: 'https://same.example', city: 'Same' });
      const id = idOf(created);
      const other = unique('mfr-other-root');
      for (const options of [
        {},
        { body: '' },
        { body: xmlBody('vendor', { name: other, city: 'Changed' }) },
        { body: `<name>${other}</name>` },
        { form: formBody('vendor', { name: other }) },
        { form: `name=${other}&city=Changed` },
      ]) {
        expectMessage(await put(target, `/manufacturer/${id}`, options), 400, 'Expected the root element <manufacturer>');
      }
      expect(await read(target, 'manufacturer', id)).toEqual(created);
      expectMessage(
        await put(target, `/inventory_location/${idOf(await createLocation(target))}`, {}),
        400,
        'Expected the root element <inventory_location>',
      );
    });

    it('on create may be empty, and then the required fields are missing', async () => {
      expectErrors(await post(target, '/manufacturer'), 400, ["Name can't be blank"]);
      expectErrors(await post(target, '/manufacturer', { body: '<manufacturer/>' }), 400, ["Name can't be blank"]);
    });

    it('on create with another root are a 400 naming the root, and create nothing', async () => {
      const name = unique('mfr-other-root');
      for (const options of [{ body: xmlBody('vendor', { name }) }, { form: formBody('vendor', { name }) }, { form: `name=${name}` }]) {
        expectMessage(await post(target, '/manufacturer', options), 400, 'Expected the root element <manufacturer>');
      }
      expect((await manufacturers()).filter((m) => m.name === name)).toEqual([]);
      expect((await list(target, 'vendor', 'vendors')).filter((v) => v.name === name)).toEqual([]);
    });

    it('that are malformed XML are a 400 with an error message, and nothing is created', async () => {
      const marker = unique('marker');
      for (const body of [
        `<manufacturer><name>${unique('mfr')}</name><short_name>${marker}</short_name>`,
        `<manufacturer><name>${unique('mfr')}</nam><short_name>${marker}</short_name></manufacturer>`,
        `<manufacturer><short_name>${marker}</short_name></manufacturer><manufacturer/>`,
      ]) {
        const reply = await post(target, '/manufacturer', { body });
        expectMessage(reply, 400, /^Malformed XML: ./);
      }
      expect((await manufacturers()).filter((m) => m.short_name === marker)).toEqual([]);
    });

    it('with a DOCTYPE are refused with 400 and nothing is created', async () => {
      const marker = unique('marker');
      const body = `<?xml version="1.0"?><!DOCTYPE manufacturer [<!ENTITY e "boom">]><manufacturer><name>${unique('mfr')}&e;</name><short_name>${marker}</short_name></manufacturer>`;
      const reply = await post(target, '/manufacturer', { body });
      expectMessage(reply, 400, /^Malformed XML: ./);
      expect((await manufacturers()).filter((m) => m.short_name === marker)).toEqual([]);
    });

    it('over 1 MiB (declared in Content-Length) are refused with 413', async () => {
      // Declared only: the body is refused before a byte of it is read.
      const reply = await bareRequest(target, 'POST', '/manufacturer', {
        headers: { 'content-type': 'application/xml', 'content-length': String(1_048_577) },
      });
      expectMessage(reply, 413, /./);
    });

    it('that are not valid UTF-8 are a 400', async () => {
      const marker = unique('marker');
      const text = Buffer.from(xmlBody('manufacturer', { name: unique('mfr'), short_name: marker }));
      const body = Buffer.concat([text.subarray(0, 60), Buffer.from([0xff, 0xfe]), text.subarray(60)]);
      expectMessage(await post(target, '/manufacturer', { body }), 400, /./);
      expect((await manufacturers()).filter((m) => m.short_name === marker)).toEqual([]);
    });

    it('nested deeper than 32 elements are a 400', async () => {
      const depth = 40;
      const body = `<manufacturer><name>${unique('mfr')}</name>${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}</manufacturer>`;
      expectMessage(await post(target, '/manufacturer', { body }), 400, /./);
    });

    it('may carry __proto__ and constructor elements, which are ignored like any unknown field', async () => {
      const name = unique('mfr-proto');
      const tail = '<__proto__><admin>true</admin></__proto__><constructor><prototype>x</prototype></constructor>';
      const reply = await post(target, '/manufacturer', { body: xmlBody('manufacturer', { name }, tail) });
      const record = expectRecord(reply, 'manufacturer', forms.manufacturerShow);
      expect(record.name).toBe(name);
      expect((await read(target, 'manufacturer', idOf(record))).name).toBe(name);
    });

    it('are read as XML with Content-Type text/xml', async () => {
      const name = unique('mfr-text-xml');
      const reply = await post(target, '/manufacturer', {
        body: xmlBody('manufacturer', { name }),
        headers: { 'content-type': 'text/xml' },
      });
      expect(expectRecord(reply, 'manufacturer', forms.manufacturerShow).name).toBe(name);
    });

    it('are read as XML without a Content-Type when they start with <', async () => {
      const name = unique('mfr-no-type');
      const reply = await bareRequest(target, 'POST', '/manufacturer', { body: `<manufacturer><name>${name}</name></manufacturer>` });
      expect(expectRecord(reply, 'manufacturer', forms.manufacturerShow).name).toBe(name);
    });

    it('are read as a form without a Content-Type when they do not start with <', async () => {
      const name = unique('mfr-no-type-form');
      const reply = await bareRequest(target, 'POST', '/manufacturer', { body: formBody('manufacturer', { name }) });
      expect(expectRecord(reply, 'manufacturer', forms.manufacturerShow).name).toBe(name);
    });

    it('of another media type (JSON, multipart, plain text) are a 415 naming the types read, and change nothing', async () => {
      const message = 'Unsupported media type; send application/xml, text/xml, *+xml or application/x-www-form-urlencoded';
      const created = await createManufacturer(target);
      const id = idOf(created);
      const marker = unique('marker');
      const bodies = [
        ['application/json', JSON.stringify({ manufacturer: { name: unique('mfr'), short_name: marker } })],
        [
          'multipart/form-data; boundary=b',
          `--b\r\nContent-Disposition: form-data; name="manufacturer[short_name]"\r\n\r\n${marker}\r\n--b--\r\n`,
        ],
        ['text/plain', formBody('manufacturer', { name: unique('mfr'), short_name: marker })],
      ];
      for (const [type, body] of bodies) {
        const headers = { 'content-type': String(type) };
        expectMessage(await post(target, '/manufacturer', { body, headers }), 415, message);
        expectMessage(await put(target, `/manufacturer/${id}`, { body, headers }), 415, message);
      }
      expect((await manufacturers()).filter((m) => m.short_name === marker)).toEqual([]);
      expect(await read(target, 'manufacturer', id)).toEqual(created);
    });

    it('that are empty are fine with any Content-Type where no field is needed', async () => {
      const created = await createManufacturer(target);
      const headers = { 'content-type': 'application/json' };
      expect(expectRecord(await get(target, `/manufacturer/${idOf(created)}`, { headers }), 'manufacturer', forms.manufacturerShow)).toEqual(created);
      expectEmpty(await del(target, `/manufacturer/${idOf(created)}`, { body: '', headers }));
    });
  });

  describe('request ids', () => {
    it('keep an incoming X-Request-Id', async () => {
      const id = `conf-${Date.now()}-abc`;
      const reply = await get(target, '/manufacturer', { headers: { 'x-request-id': id } });
      expect(reply.headers.get('x-request-id')).toBe(id);
    });

    it('are generated when none comes in, a new one per request', async () => {
      const first = (await get(target, '/manufacturer')).headers.get('x-request-id');
      const second = (await get(target, '/healthz', { rawPath: true })).headers.get('x-request-id');
      expect(first).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
      expect(second).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
      expect(second).not.toBe(first);
    });
  });

  describe('ids', () => {
    it('past the largest integer (2147483648) are not found', async () => {
      expectNotFound(await get(target, '/manufacturer/2147483648'), 'Manufacturer', '2147483648');
    });
  });
});
