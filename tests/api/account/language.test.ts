import { describe, expect, it } from 'vitest';
import { developmentCaptchaToken } from '../../../core/captcha';
import type { FundingStatus, Notification, Paginated, Transaction, UserData } from '../../../core/contract';
import {
  identityNumber,
  latestCode,
  registerBody,
  newPerson,
  newPhone,
  signUp,
  verifyPhone,
} from '../../support/api/accounts';
import { SIMULATED_DATE_OF_BIRTH as BORN } from '../../../server/gateways/simulatedIdentity';
import { backends } from '../../support/api/backends';
import { settleAtOnce } from '../../support/api/outcomes';
import { buy, fund, newBuyer, PIN, providerId, type Buyer } from '../../support/api/purchases';
import { useTestApp } from '../../support/api/useTestApp';

/**
 * The account's language: stored and answered, chosen at registration (the browser's choice, or
 * the request's Accept-Language) and changed from the app; before sign-in a refusal speaks the
 * request's language, after it the account's, whatever the request says. What the server tells
 * the customer (the code e-mail, a purchase's answer, text, receipt and notification) is in it,
 * also when a job settles the bill; an account left in English reads what it always read.
 */
describe.each(backends)("the account's language on $name", (backend) => {
  const t = useTestApp(backend);

  const setLanguage = (token: string, language: unknown, headers: Record<string, string> = {}) =>
    t.call<UserData>('/api/user/language', { token, body: { language }, headers });
  const getUser = async (token: string) => (await t.call<UserData>('/api/get-user', { token })).body.data!;
  const newestMail = (email: string) => t.outbox.list(email)[0];

  async function registered(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const person = newPerson();
    const reply = await t.call<UserData>('/api/register', { body: { ...registerBody(person), ...body }, headers });
    expect(reply.status, reply.body.message).toBe(201);
    return { ...person, token: reply.body.data!.token, user: reply.body.data! };
  }

  it('is stored and answered: chosen at registration, English by default, changed by the account', async () => {
    const english = await signUp(t);
    expect(english.user.language).toBe('en');

    const yoruba = await registered({ language: 'yo' }, { 'accept-language': 'ha-NG, en;q=0.5' });
    expect(yoruba.user.language).toBe('yo');
    expect((await getUser(yoruba.token)).language).toBe('yo');
    // Without the browser's choice, the request's language, matched on the language alone.
    const hausa = await registered({}, { 'accept-language': 'fr;q=0.9, ha-NG, en;q=0.5' });
    expect(hausa.user.language).toBe('ha');

    const changed = await setLanguage(yoruba.token, 'pcm');
    expect(changed).toMatchObject({ status: 200, body: { type: 'success', message: 'we don save your language' } });
    expect(changed.body.data!.language).toBe('pcm');
    expect((await getUser(yoruba.token)).language).toBe('pcm');
    const back = await setLanguage(yoruba.token, 'en');
    expect(back.body).toMatchObject({ message: 'language saved', data: { language: 'en' } });

    for (const refused of ['fr', '', null, 'EN'])
      expect((await setLanguage(english.token, refused)).status, String(refused)).toBe(422);
    expect((await getUser(english.token)).language).toBe('en');
    expect((await t.call('/api/user/language', { body: { language: 'yo' } })).status).toBe(401);
  });

  it("speaks the request's language before sign-in, and the account's once signed in", async () => {
    const account = await signUp(t);
    const login = (password: string, headers: Record<string, string>) =>
      t.call('/api/login', { body: { device: 'web', email: account.email, password }, headers });
    expect((await login('not the password', {})).body.message).toBe('invalid email or password');
    expect((await login('not the password', { 'accept-language': 'yo-NG,en;q=0.8' })).body.message).toBe(
      'ímeèlì tàbí ọ̀rọ̀ aṣínà kò tọ̀nà',
    );
    expect((await login('not the password', { 'accept-language': 'pcm' })).body.message).toBe(
      'email or password no correct',
    );
    // An account in Igbo is answered in Igbo, whatever language the browser asks for.
    await setLanguage(account.token, 'ig');
    const said = await setLanguage(account.token, 'ig', { 'accept-language': 'yo' });
    expect(said.body.message).toBe('echekwala asụsụ gị');
  });

  it("a broken field rule is answered in the request's language, the field named as the API names it", async () => {
    const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.call('/api/login', {
        body: { device: 'web', email: 'ada@example.ng', password: 'a password', ...body },
        headers,
      });
    const yoruba = { 'accept-language': 'yo' };
    expect(await login({ email: 42 }, yoruba)).toMatchObject({
      status: 422,
      body: { message: 'email gbọ́dọ̀ jẹ́ ọ̀rọ̀ kíkọ' },
    });
    const long = registerBody(newPerson());
    const register = await t.call('/api/register', { body: { ...long, name: 'N'.repeat(101) }, headers: yoruba });
    expect(register).toMatchObject({ status: 422, body: { message: 'name kò gbọ́dọ̀ ju lẹ́tà 100 lọ' } });
    expect(await t.call('/api/login', { body: [], headers: { 'accept-language': 'ha' } })).toMatchObject({
      status: 422,
      body: { message: 'dole jikin buƙatar ya zama abu na JSON (JSON object)' },
    });
    // English, word for word as before.
    expect((await login({ email: 42 })).body.message).toBe('email must be text');
    const english = await t.call('/api/register', { body: { ...long, name: 'N'.repeat(101) } });
    expect(english.body.message).toBe('name must be at most 100 characters');
  });

  it("the rules a route holds on its own are said in the account's language, English as before", async () => {
    const hausa = await signUp(t);
    await setLanguage(hausa.token, 'ha');
    const english = await signUp(t);
    const messageOf = async (path: string, token: string, body: Record<string, unknown>) =>
      (await t.call(path, { token, body })).body.message;
    const statement = { from: '2026-03-01', to: '2026-03-01', format: 'xlsx' };
    expect(await messageOf('/api/statements/download', hausa.token, statement)).toBe('dole format ya zama csv ko pdf');
    expect(await messageOf('/api/statements/download', english.token, statement)).toBe('format must be csv or pdf');
    const report = { transaction_id: 1, reason: 'refund-me-twice' };
    expect(await messageOf('/api/problem-reports/create', hausa.token, report)).toBe(
      'da fatan ku zaɓi abin da ya faru ba daidai ba',
    );
    expect(await messageOf('/api/problem-reports/create', english.token, report)).toBe('please choose what went wrong');
    const schedule = { name: 'Mum', category: 'lottery' };
    expect(await messageOf('/api/schedules/create', hausa.token, schedule)).toMatch(
      /^dole category ya zama ɗaya daga cikin airtime, /,
    );
    expect(await messageOf('/api/schedules/create', english.token, schedule)).toMatch(
      /^category must be one of airtime, /,
    );
  });

  it("a saved number's provider of another service is refused in the account's language", async () => {
    const save = (token: string) =>
      t.call('/api/beneficiaries/save', {
        token,
        body: { category: 'airtime', beneficiary: '08031234567', name: 'Mum', provider_id: ikeja },
      });
    const ikeja = await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)');
    const hausa = await signUp(t);
    await setLanguage(hausa.token, 'ha');
    expect(await save(hausa.token)).toMatchObject({
      status: 422,
      body: { message: 'provider_id ba mai bayarwa ba ne na wannan sabis' },
    });
    const english = await signUp(t);
    expect((await save(english.token)).body.message).toBe('provider_id is not a provider of this service');
  });

  it("the identity, funding, phone and number rules, a partner not answering and the providers list are said in the account's language", async () => {
    const hausa = await signUp(t);
    expect((await setLanguage(hausa.token, 'ha')).status).toBe(200);
    const english = await signUp(t);
    const ask = (token: string, path: string, body: Record<string, unknown> = {}) =>
      t.call<FundingStatus>(path, { token, body, headers: { 'accept-language': 'en' } });

    // Refused before any lookup: a number without its date of birth, a bank account with a NIN.
    expect((await ask(hausa.token, '/api/funding/identity', { bvn: identityNumber() })).body.message).toBe(
      'da fatan ku shigar da ranar haihuwarku, kamar yadda take a BVN ko NIN ɗinku',
    );
    const withBank = {
      nin: identityNumber(),
      date_of_birth: BORN,
      bank_code: '058',
      bank_account_number: '0123456789',
    };
    expect((await ask(hausa.token, '/api/funding/identity', withBank)).body.message).toBe(
      'ana amfani da asusun banki tare da BVN kawai: Paystack yana daidaita su biyun',
    );
    // The identity provider not answering (the simulated one, for a number ending in 999).
    const down = await ask(hausa.token, '/api/funding/identity', { nin: '12345678999', date_of_birth: BORN });
    expect(down).toMatchObject({
      status: 503,
      body: {
        message: "sabis ɗin tabbatar da shaida ba ya samuwa a yanzu, da fatan ku sake gwadawa bayan 'yan mintoci",
      },
    });
    expect(
      (await ask(english.token, '/api/funding/identity', { nin: '12345678999', date_of_birth: BORN })).body.message,
    ).toBe('the identity service is not available right now, please try again in a few minutes');

    // Verified: /funding's word on each partner, in the account's language.
    const verified = await ask(hausa.token, '/api/funding/identity', { nin: identityNumber(), date_of_birth: BORN });
    expect(verified.status, verified.body.message).toBe(200);
    const [partner] = (await ask(hausa.token, '/api/funding')).body.data!.partners;
    expect(partner.message).toBe(`Lambobin asusunku na ${partner.partner} suna sama.`);

    // A number its service cannot read, and the phone's code left out.
    const meter = await ask(hausa.token, '/api/verify-merchant', {
      provider_id: await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)'),
      beneficiary: '123',
    });
    expect(meter).toMatchObject({ status: 422, body: { message: 'dole lambar mita ta kasance lambobi 11 zuwa 13' } });
    expect((await ask(hausa.token, '/api/verify-phone', { otp: '' })).body.message).toBe(
      'da fatan ku shigar da lambar da muka tura zuwa wayarku',
    );

    // The providers list, kept once per language: each account reads its own.
    expect((await ask(hausa.token, '/api/fetch-providers')).body.message).toBe('an samo masu samarwa');
    expect((await ask(english.token, '/api/fetch-providers')).body.message).toBe('providers fetched successfully');
    expect((await ask(hausa.token, '/api/fetch-providers')).body.message).toBe('an samo masu samarwa');
  });

  it('the verification code e-mail is in the language chosen at registration', async () => {
    const yoruba = await registered({ language: 'yo' });
    expect((await t.call('/api/resend-otp', { token: yoruba.token })).status).toBe(200);
    const mail = newestMail(yoruba.email);
    expect(mail.subject).toBe('Kóòdù ìjẹ́rìísí rẹ');
    const code = /Kóòdù ìjẹ́rìísí Naira Wallet rẹ ni (\d{4})\.\n\nÓ máa dópin láàárín ìṣẹ́jú 10\./.exec(mail.text);
    expect(code, mail.text).not.toBeNull();
    expect((await t.call('/api/verify-otp', { token: yoruba.token, body: { otp: code![1] } })).status).toBe(200);

    // English, as ever, for an account in English.
    const english = await signUp(t);
    expect((await t.call('/api/resend-otp', { token: english.token })).status).toBe(200);
    expect(newestMail(english.email).subject).toBe('Your verification code');
    expect(newestMail(english.email).text).toMatch(
      /^Your Naira Wallet verification code is \d{4}\.\n\nIt expires in 10 minutes\. If you did not create/,
    );
  });

  it("a success's message is said in the account's language, English as before", async () => {
    const messageOf = async (path: string, token: string, body?: Record<string, unknown>) =>
      (await t.call(path, { token, body })).body.message;
    const yoruba = await registered({ language: 'yo' }, { 'accept-language': 'en' });
    expect(await messageOf('/api/resend-otp', yoruba.token)).toBe('a ti fi kóòdù ìjẹ́rìísí ránṣẹ́ sí ímeèlì rẹ');
    // The code e-mail is in Yoruba too: its code read by its digits.
    const code = /\b(\d{4})\b/.exec(newestMail(yoruba.email).text)![1];
    expect(await messageOf('/api/verify-otp', yoruba.token, { otp: code })).toBe('a ti jẹ́rìísí ímeèlì rẹ');
    expect(await messageOf('/api/set-pin', yoruba.token, { pin: '4826', confirm_pin: '4826' })).toBe(
      'a ti ṣètò PIN ìsanwó rẹ',
    );

    const english = await signUp(t);
    expect(await messageOf('/api/resend-otp', english.token)).toBe('a verification code has been sent to your email');
    const englishCode = latestCode(t, english.email);
    expect(await messageOf('/api/verify-otp', english.token, { otp: englishCode })).toBe('email verified successfully');
    expect(await messageOf('/api/set-pin', english.token, { pin: '4826', confirm_pin: '4826' })).toBe(
      'pin set successfully',
    );
  });

  it("the login's answer speaks the request's language before sign-in", async () => {
    const account = await signUp(t);
    const login = (headers: Record<string, string>) =>
      t.call('/api/login', {
        body: { device: 'web', email: account.email, password: account.password },
        headers,
      });
    expect((await login({ 'accept-language': 'ha' })).body.message).toBe('kun shiga cikin nasara');
    expect((await login({})).body.message).toBe('login successful');
  });

  it("a sign-in from a new device, and a stranger's sign-up with the address, are told in the owner's language", async () => {
    const owner = await registered({ language: 'ig', device_id: 'first-device-0001' });
    // The login speaks Yoruba until it is signed in; the owner's warning is in the owner's Igbo.
    const login = await t.call('/api/login', {
      body: { device: 'web', device_id: 'second-device-0002', email: owner.email, password: owner.password },
      headers: { 'accept-language': 'yo' },
    });
    expect(login.status, login.body.message).toBe(200);
    const warning = newestMail(owner.email);
    expect(warning.subject).toBe("Nbanye ọhụrụ n'akaụntụ Naira Wallet gị");
    expect(warning.text).toMatch(/^E banyere n'akaụntụ Naira Wallet gị ugbu a site na ngwaọrụ /);
    expect(warning.text).toContain('Maka nchekwa gị, ịzụta karịrị ₦');
    expect(warning.text).toMatch(/\/not-me\?token=[\w-]+\n\nNjikọ ahụ na-arụ ọrụ otu ugboro, ruo ụbọchị 7\./);

    const stranger = await t.call('/api/register', {
      body: { ...registerBody(newPerson({ email: owner.email })) },
      headers: { 'accept-language': 'ha' },
    });
    expect(stranger.status).toBe(409);
    expect(newestMail(owner.email).subject).toBe('Mmadụ gbalịrị ịdebanye aha site na adreesị email gị');
  });

  it("the password reset e-mail is in the owner's language, whatever the browser that asks", async () => {
    const owner = await registered({ language: 'pcm' });
    const asked = await t.call('/api/forgot', {
      body: { email: owner.email, device: 'web', token: developmentCaptchaToken('forgot') },
      headers: { 'accept-language': 'ha' },
    });
    expect(asked.status, asked.body.message).toBe(200);
    const mail = newestMail(owner.email);
    expect(mail.subject).toBe('Reset your Naira Wallet password');
    expect(mail.text).toMatch(
      /^We receive request to reset the password of your Naira Wallet account\.\n\nOpen this link/,
    );
    expect(mail.text).toMatch(/\/reset\?token=[\w-]+\n/);
    expect(mail.text).toContain('purchase wey pass ₦');
  });

  /** A funded buyer with a verified phone, in `language`. */
  async function buyerIn(language: string): Promise<Buyer> {
    const buyer = await newBuyer(t, 50_000, { phone: newPhone() });
    await verifyPhone(t, buyer);
    expect((await setLanguage(buyer.token, language)).status).toBe(200);
    return buyer;
  }
  const airtime = async (buyer: Buyer, beneficiary: string, amount: number) =>
    buy(t, buyer.token, 'airtime', {
      provider_id: await providerId(t, 'airtime', 'MTN'),
      beneficiary,
      amount,
      pin: PIN,
    });
  const notifications = async (buyer: Buyer) =>
    (await t.call<Notification[]>('/api/fetch-notifications', { token: buyer.token })).body.data!;
  const newestText = (buyer: Buyer) => t.texts.list(buyer.phone)[0].text;

  it('a purchase in Pidgin: its answer, text, receipt and notification', async () => {
    const buyer = await buyerIn('pcm');
    // The browser's language does not matter once signed in.
    const reply = await t.call<{ reference: string; description: string }>('/api/airtime', {
      token: buyer.token,
      body: { provider_id: await providerId(t, 'airtime', 'MTN'), beneficiary: '08031234567', amount: 500, pin: PIN },
      headers: { 'idempotency-key': `key-${buyer.email}`, 'accept-language': 'en' },
    });
    const { reference, description } = reply.body.data!;
    expect(reply.body.message).toBe(`purchase don go through: ${description}. You don get ₦10.00 cashback.`);
    expect(newestText(buyer)).toBe(
      `Naira Wallet: you don pay N500.00 for MTN airtime for 08031234567. Ref ${reference}`,
    );
    const receipt = newestMail(buyer.email);
    expect(receipt.subject).toBe(`Your receipt for ${description}`);
    for (const line of ['Amount: ₦500.00', 'Status: E don go through', `Reference: ${reference}`, 'Details: '])
      expect(receipt.text).toContain(line);
    expect(receipt.text).toContain('tell us the reference wey dey up.');
    const [notice] = await notifications(buyer);
    expect(notice.title).toBe('Purchase don go through');
    expect(notice.content).toBe(
      `purchase don go through: ${description}. You don get ₦10.00 cashback. (ref ${reference})`,
    );
  });

  it('a purchase in Yoruba: the refund text and receipt, marks dropped from the text only', async () => {
    const buyer = await buyerIn('yo');
    const reply = await airtime(buyer, '08030000001', 300);
    const { reference, description } = reply.body.data!;
    expect(reply.body.message).toBe('ilé-iṣẹ́ tí a ń sanwó fún kò lè parí rírà yìí; a ti dá owó padà sínú àpò owó rẹ');
    expect(newestText(buyer)).toBe(
      'Naira Wallet: isanwo N300.00 re fun kaadi ipe MTN fun 08030000001 ko yori. N300.00 ti pada sinu apo owo re. ' +
        `Ref ${reference}`,
    );
    const receipt = newestMail(buyer.email);
    expect(receipt.subject).toBe(`A ti dá owó padà: ${description}`);
    expect(receipt.text).toMatch(/^Owó tí a dá padà: ₦300\.00 ti padà sínú àpò owó rẹ\n/);
    expect(receipt.text).toContain('Ipò: Kò yọrí sí rere, a ti dá owó padà sínú àpò owó rẹ');
    expect(receipt.html).toContain('Nọ́mbà ìtọ́kasí');
    // The service and the bill described in the reader's words: only the names and numbers stay.
    expect(receipt.text).toMatch(/: Káàdì ìpè\n/);
    expect(description).toBe('₦300.00 káàdì ìpè MTN fún 08030000001');
    expect(receipt.text).toContain(description);
  });

  it("a bill the requery job settles is told in the account's language, not the job's", async () => {
    const buyer = await buyerIn('ha');
    const reply = await airtime(buyer, '08030000002', 400);
    expect(reply.body.message).toBe('ana aiwatar da sayayyarku, za mu sanar da ku da zarar an kammala');
    const { id, reference, description } = reply.body.data!;
    await settleAtOnce(t, id);
    expect(newestText(buyer)).toBe(
      `Naira Wallet: an biya N400.00 don katin waya na MTN ga 08030000002. Ref ${reference}`,
    );
    const receipt = newestMail(buyer.email);
    expect(description).toBe('₦400.00 katin waya na MTN ga 08030000002');
    expect(receipt.subject).toBe(`Rasit ɗinku na ${description}`);
    expect(receipt.text).toContain('Matsayi: An yi nasara');
    const [notice] = await notifications(buyer);
    expect(notice).toMatchObject({ title: 'Sayayya ta yi nasara' });
    expect(notice.content).toContain(`(lambar shaida: ${reference})`);
  });

  it('a funding is told in the owner’s language, though a bank partner’s call makes it', async () => {
    const buyer = await buyerIn('ig');
    await fund(t, buyer.accountNumber, 1_000);
    expect(newestText(buyer)).toMatch(/^Naira Wallet: e tinyela N1,000\.00 na akpa ego gi site na .+\. Ref /);
    expect(newestMail(buyer.email).subject).toBe("E tinyela ego n'akpa ego gị: ₦1,000.00");
  });

  it("the activity list describes each transaction in the reader's language, in English again once switched", async () => {
    const buyer = await buyerIn('ha');
    expect((await airtime(buyer, '08031234567', 500)).status).toBe(200);
    const listed = async () =>
      (
        await t.call<Paginated<Transaction>>('/api/fetch-transactions', { token: buyer.token, body: { page: 1 } })
      ).body.data!.data.map(({ category, from, description }) => ({ category, from, description }));
    expect(await listed()).toEqual([
      {
        category: 'cashback',
        from: 'Ladan Naira Wallet',
        description: 'kuɗin lada (cashback) ₦10.00 a kan ₦500.00 katin waya na MTN ga 08031234567',
      },
      { category: 'airtime', from: 'Walat', description: '₦500.00 katin waya na MTN ga 08031234567' },
      {
        category: 'funding',
        from: expect.any(String),
        description: 'Saka kuɗi a walat ta hanyar tura kuɗi daga banki',
      },
    ]);
    // The stored record stays the product's English, whatever the buyer reads.
    const stored = await t.db
      .selectFrom('transactions')
      .select('description')
      .where('user_id', '=', buyer.userId)
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.description)).toEqual([
      'Wallet funding by bank transfer',
      '₦500.00 MTN airtime for 08031234567',
      '₦10.00 cashback on ₦500.00 MTN airtime for 08031234567',
    ]);
    expect((await setLanguage(buyer.token, 'en')).status).toBe(200);
    expect((await listed()).map((row) => row.description)).toEqual([
      '₦10.00 cashback on ₦500.00 MTN airtime for 08031234567',
      '₦500.00 MTN airtime for 08031234567',
      'Wallet funding by bank transfer',
    ]);
  });
});
