import { beforeAll, describe, expect, it } from 'vitest';
import type { SavedBeneficiary } from '../../../core/contract';
import { PHONE_INVALID } from '../../../core/phone';
import { signUp } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { providerId } from '../../support/api/purchases';

describe.each(backends)('saved beneficiaries on $name', (backend) => {
  let mtn: number;
  let ikeja: number;
  const t = useTestApp(backend);
  beforeAll(async () => {
    [mtn, ikeja] = [
      await providerId(t, 'airtime', 'MTN'),
      await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)'),
    ];
  });

  const list = (token: string, category: unknown) =>
    t.call<SavedBeneficiary[]>('/api/beneficiaries/list', { token, body: { category } });
  const save = (token: string, body: unknown) => t.call<SavedBeneficiary>('/api/beneficiaries/save', { token, body });
  const rename = (token: string, beneficiary_id: unknown, name: unknown) =>
    t.call<SavedBeneficiary>('/api/beneficiaries/rename', { token, body: { beneficiary_id, name } });
  const remove = (token: string, beneficiary_id: unknown) =>
    t.call('/api/beneficiaries/delete', { token, body: { beneficiary_id } });

  it('saves numbers as the service reads them, lists them by name per category, renames and deletes them', async () => {
    const { token } = await signUp(t);
    expect(await list(token, 'airtime')).toMatchObject({ status: 200, body: { data: [] } });

    const mum = await save(token, {
      category: 'airtime',
      beneficiary: '+234 803 123 4567',
      name: '  Mum ',
      provider_id: mtn,
    });
    expect(mum).toMatchObject({
      status: 200,
      body: {
        message: 'beneficiary saved',
        data: { category: 'airtime', beneficiary: '08031234567', name: 'Mum', provider_id: mtn },
      },
    });
    await save(token, { category: 'airtime', beneficiary: '08059876543', name: 'Ada' });
    await save(token, {
      category: 'electricity-bill',
      beneficiary: '4501-2345-678',
      name: 'Home meter',
      provider_id: String(ikeja),
    });

    expect((await list(token, 'airtime')).body.data!.map((b) => [b.name, b.beneficiary, b.provider_id])).toEqual([
      ['Ada', '08059876543', null],
      ['Mum', '08031234567', mtn],
    ]);
    expect((await list(token, 'electricity-bill')).body.data!.map((b) => b.beneficiary)).toEqual(['45012345678']);

    // Saving a number again renames it: one entry per number.
    await save(token, { category: 'airtime', beneficiary: '0803 123 4567', name: 'Mother', provider_id: mtn });
    expect((await list(token, 'airtime')).body.data!.map((b) => b.name)).toEqual(['Ada', 'Mother']);

    const id = mum.body.data!.id;
    expect(await rename(token, id, 'Mama')).toMatchObject({
      status: 200,
      body: { data: { id, name: 'Mama', beneficiary: '08031234567' } },
    });
    expect(await remove(token, String(id))).toMatchObject({ status: 200, body: { message: 'beneficiary deleted' } });
    expect((await list(token, 'airtime')).body.data!.map((b) => b.name)).toEqual(['Ada']);
    expect(await remove(token, id)).toMatchObject({ status: 404, body: { message: 'saved beneficiary not found' } });
  });

  it('a provider that is withdrawn is answered as none; a provider of another service is refused', async () => {
    const { token } = await signUp(t);
    expect(
      await save(token, { category: 'airtime', beneficiary: '08031234567', name: 'Mum', provider_id: ikeja }),
    ).toMatchObject({
      status: 422,
      body: { message: 'provider_id is not a provider of this service' },
    });
    const glo = await providerId(t, 'airtime', 'Glo');
    await save(token, { category: 'airtime', beneficiary: '08051234567', name: 'Tunde', provider_id: glo });
    await t.db.updateTable('providers').set({ active: false }).where('id', '=', glo).execute();
    try {
      expect((await list(token, 'airtime')).body.data![0]).toMatchObject({ name: 'Tunde', provider_id: null });
    } finally {
      await t.db.updateTable('providers').set({ active: true }).where('id', '=', glo).execute();
    }
  });

  it("nobody reads, renames or deletes another user's saved number: 404, unchanged", async () => {
    const owner = await signUp(t);
    const saved = (await save(owner.token, { category: 'airtime', beneficiary: '08031234567', name: 'Mum' })).body
      .data!;
    const intruder = await signUp(t);
    expect((await list(intruder.token, 'airtime')).body.data).toEqual([]);
    expect(await rename(intruder.token, saved.id, 'Mine now')).toMatchObject({
      status: 404,
      body: { message: 'saved beneficiary not found' },
    });
    expect(await remove(intruder.token, saved.id)).toMatchObject({ status: 404 });
    expect((await list(owner.token, 'airtime')).body.data).toEqual([saved]);
  });

  it('caps the numbers saved for one service', async () => {
    const { token } = await signUp(t);
    for (let i = 0; i < 50; i += 1) {
      expect(
        (await save(token, { category: 'betting', beneficiary: String(100_000 + i), name: `Account ${i}` })).status,
      ).toBe(200);
    }
    expect(await save(token, { category: 'betting', beneficiary: '200000', name: 'One more' })).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/^you can save up to 50/) },
    });
    // Renaming one of the fifty by saving it again is still fine.
    expect((await save(token, { category: 'betting', beneficiary: '100000', name: 'First' })).status).toBe(200);
  });

  it.each([
    ['no body', undefined, 'the request body must be a JSON object'],
    ['an array', [], 'the request body must be a JSON object'],
    [
      'an unknown category',
      { category: 'loans', beneficiary: '08031234567', name: 'Mum' },
      /^category must be one of airtime/,
    ],
    [
      'a number the service cannot read',
      { category: 'airtime', beneficiary: '12345', name: 'Mum' },
      PHONE_INVALID.message,
    ],
    [
      'a meter number too short',
      { category: 'electricity-bill', beneficiary: '1234', name: 'Home' },
      'meter number must be 11 to 13 digits',
    ],
    ['no name', { category: 'airtime', beneficiary: '08031234567', name: '  ' }, 'please enter a name for this number'],
    [
      'a name too long',
      { category: 'airtime', beneficiary: '08031234567', name: 'x'.repeat(41) },
      'name must be at most 40 characters',
    ],
    [
      'a name with control characters',
      { category: 'airtime', beneficiary: '08031234567', name: 'Mum\u0000' },
      'name must not contain control characters',
    ],
    [
      'a name that is not text',
      { category: 'airtime', beneficiary: '08031234567', name: { $ne: '' } },
      'name must be text',
    ],
    [
      'a provider that is not an id',
      { category: 'airtime', beneficiary: '08031234567', name: 'Mum', provider_id: 'mtn' },
      'provider_id must be a positive whole number',
    ],
    [
      'a beneficiary that is a number',
      { category: 'airtime', beneficiary: 8031234567, name: 'Mum' },
      'beneficiary must be text',
    ],
  ])('answers a save with %s with 422', async (_case, body, message) => {
    const { token } = await signUp(t);
    const reply = await save(token, body);
    expect(reply.status).toBe(422);
    expect(reply.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });

  it.each([
    ['rename, no id', '/api/beneficiaries/rename', { name: 'Mum' }, 'beneficiary_id is required'],
    [
      'rename, a huge id',
      '/api/beneficiaries/rename',
      { beneficiary_id: '99999999999999999999', name: 'Mum' },
      'beneficiary_id must be a positive whole number',
    ],
    [
      'delete, a negative id',
      '/api/beneficiaries/delete',
      { beneficiary_id: -1 },
      'beneficiary_id must be a positive whole number',
    ],
    ['list, no category', '/api/beneficiaries/list', {}, /^category must be one of/],
  ])('answers %s with 422', async (_case, path, body, message) => {
    const { token } = await signUp(t);
    const reply = await t.call(path, { token, body });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });

  it('requires a session', async () => {
    for (const path of [
      '/api/beneficiaries/list',
      '/api/beneficiaries/save',
      '/api/beneficiaries/rename',
      '/api/beneficiaries/delete',
    ]) {
      expect((await t.call(path, { body: {} })).status).toBe(401);
    }
  });
});
