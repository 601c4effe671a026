import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type MessageKey } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { users } from '../../src/db/schema.ts';
import { registerBusiness, signUp, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({}, (made) => ({ testDb, app } = made));

type Account = Awaited<ReturnType<typeof signUp>>;

function patchMe(account: Account | undefined, payload: unknown) {
  return app.inject({ method: 'PATCH', url: '/api/v1/me', cookies: account?.cookies, payload: payload as Record<string, unknown> });
}

async function me(account: Account) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: account.cookies });
  expect(response.statusCode).toBe(200);
  return response.json().user;
}

async function storedUser(userId: number) {
  const [row] = await testDb.database.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}

describe('PATCH /me (profile)', () => {
  it('changes name, phone and both preferences at once and answers the user as GET /auth/me does', async () => {
    const user = await signUp(app);
    const response = await patchMe(user, {
      name: '  Ġużeppi Camilleri ',
      phone: '+356 2123 4567',
      preferences: { emailNotifications: false, darkMode: true },
    });
    expect(response.statusCode).toBe(200);
    const answered = response.json().user;
    expect(answered).toMatchObject({
      id: user.userId,
      name: 'Ġużeppi Camilleri',
      phone: '+356 2123 4567',
      email: user.email,
      username: user.username,
      preferences: { emailNotifications: false, darkMode: true, language: 'en', shopEntryDetection: false },
      vendor: null,
    });
    expect(JSON.stringify(answered)).not.toContain('password');
    expect(await me(user)).toEqual(answered);
    const row = await storedUser(user.userId);
    expect(row.name).toBe('Ġużeppi Camilleri');
    expect(row.phone).toBe('+356 2123 4567');
  });

  it('changes only what is sent', async () => {
    const user = await signUp(app, { name: 'Rita Vella', phone: '+356 7900 0001' });
    await patchMe(user, { preferences: { shopEntryDetection: true } });

    const nameOnly = await patchMe(user, { name: 'Rita Grech' });
    expect(nameOnly.statusCode).toBe(200);
    expect(nameOnly.json().user).toMatchObject({
      name: 'Rita Grech',
      phone: '+356 7900 0001',
      preferences: { emailNotifications: true, darkMode: null, shopEntryDetection: true },
    });

    const darkOnly = await patchMe(user, { preferences: { darkMode: true } });
    expect(darkOnly.json().user).toMatchObject({
      name: 'Rita Grech',
      phone: '+356 7900 0001',
      preferences: { emailNotifications: true, darkMode: true, shopEntryDetection: true },
    });

    const phoneOnly = await patchMe(user, { phone: '21 234 567' });
    expect(phoneOnly.json().user).toMatchObject({ name: 'Rita Grech', phone: '21 234 567', preferences: { darkMode: true } });

    const mailOff = await patchMe(user, { preferences: { emailNotifications: false } });
    expect(mailOff.json().user.preferences).toEqual({ emailNotifications: false, darkMode: true, language: 'en', shopEntryDetection: true });

    // Turning back off sticks, and an empty change changes nothing.
    await patchMe(user, { preferences: { darkMode: false, emailNotifications: true } });
    const unchanged = await patchMe(user, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().user).toMatchObject({
      name: 'Rita Grech',
      phone: '21 234 567',
      preferences: { emailNotifications: true, darkMode: false, shopEntryDetection: true },
    });
  });

  it("tells 'never chose' (null: the app follows the device) from 'chose light' and 'chose dark', and forgets a choice on null", async () => {
    const user = await signUp(app);
    expect((await me(user)).preferences.darkMode).toBeNull();
    expect((await patchMe(user, { preferences: { darkMode: false } })).json().user.preferences.darkMode).toBe(false);
    expect((await me(user)).preferences.darkMode).toBe(false);
    expect((await storedUser(user.userId)).preferences).toMatchObject({ colorScheme: 'light' });
    expect((await patchMe(user, { preferences: { darkMode: true } })).json().user.preferences.darkMode).toBe(true);
    const forgotten = await patchMe(user, { preferences: { darkMode: null, emailNotifications: false } });
    expect(forgotten.statusCode).toBe(200);
    expect(forgotten.json().user.preferences).toMatchObject({ darkMode: null, emailNotifications: false });
    const stored = (await storedUser(user.userId)).preferences;
    expect(stored).not.toHaveProperty('colorScheme');
    expect(stored).not.toHaveProperty('darkMode');
  });

  it('reads rows written before the choice was kept apart: darkMode true was a choice, false the default everyone got', async () => {
    const dark = await signUp(app);
    const light = await signUp(app);
    await testDb.database.db.update(users).set({ preferences: { emailNotifications: true, darkMode: true, language: 'en' } }).where(eq(users.id, dark.userId));
    await testDb.database.db.update(users).set({ preferences: { emailNotifications: true, darkMode: false, language: 'en' } }).where(eq(users.id, light.userId));
    expect((await me(dark)).preferences.darkMode).toBe(true);
    expect((await me(light)).preferences.darkMode).toBeNull();
  });

  it.each([
    ['name is blank', { name: '   ' }, 'name', 'invalidName' as MessageKey],
    ['name has digits', { name: 'Maria 2' }, 'name', 'invalidName' as MessageKey],
    ['name is too long', { name: 'a'.repeat(101) }, 'name', 'invalidName' as MessageKey],
    ['name is not a string', { name: 42 }, 'name', 'invalidName' as MessageKey],
    ['name is null', { name: null }, 'name', 'invalidName' as MessageKey],
    ['phone is too short', { phone: '+35 6' }, 'phone', 'invalidPhone' as MessageKey],
    ['phone has letters', { phone: '7912abc3456' }, 'phone', 'invalidPhone' as MessageKey],
    ['phone is a number', { phone: 35679123456 }, 'phone', 'invalidPhone' as MessageKey],
    ['email notifications is a string', { preferences: { emailNotifications: 'no' } }, 'preferences', 'emailNotificationsInvalid' as MessageKey],
    ['dark mode is a number', { preferences: { darkMode: 1 } }, 'preferences', 'darkModeInvalid' as MessageKey],
    ['dark mode is a string', { preferences: { darkMode: 'dark' } }, 'preferences', 'darkModeInvalid' as MessageKey],
    ['preferences is a list', { preferences: [true] }, 'preferences', 'preferencesInvalid' as MessageKey],
    ['language is not one of the ten', { preferences: { language: 'xx' } }, 'preferences', 'languageInvalid' as MessageKey],
    ['language is a cookie value', { preferences: { language: '/en/mt' } }, 'preferences', 'languageInvalid' as MessageKey],
    ['language is a number', { preferences: { language: 7 } }, 'preferences', 'languageInvalid' as MessageKey],
  ])('answers 400 when %s, with the spec message naming the field, and changes nothing', async (_case, payload, field, code) => {
    const message = MESSAGES[code];
    const user = await signUp(app);
    const before = await storedUser(user.userId);
    const response = await patchMe(user, { ...payload, ...(field === 'name' ? { phone: '+356 2000 0000' } : { name: 'Changed Name' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message,
      code,
      params: {},
      fieldErrors: { [field]: message },
      fieldErrorCodes: { [field]: { code, params: {} } },
    });
    // Nothing of the request is applied, not even its valid part.
    const after = await storedUser(user.userId);
    expect({ name: after.name, phone: after.phone, preferences: after.preferences }).toEqual({
      name: before.name,
      phone: before.phone,
      preferences: before.preferences,
    });
  });

  it('names every failing field, the first one as the message', async () => {
    const user = await signUp(app);
    const response = await patchMe(user, { name: 'R2D2', phone: 'call me', preferences: { darkMode: 'yes' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: MESSAGES.invalidName,
      fieldErrors: { name: MESSAGES.invalidName, phone: MESSAGES.invalidPhone, preferences: MESSAGES.darkModeInvalid },
    });
  });

  it('refuses a body that is not an object', async () => {
    const user = await signUp(app);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      cookies: user.cookies,
      headers: { 'content-type': 'application/json' },
      payload: '"Maria"',
    });
    expect(response.statusCode).toBe(400);
  });

  it('ignores fields it does not change here: email, username, password, id and unknown ones', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const before = await storedUser(user.userId);
    const response = await patchMe(user, {
      name: 'Marija Borg',
      id: other.userId,
      email: other.email,
      username: other.username,
      password: 'newpassword1',
      passwordHash: 'x',
      lastLoginAt: '2000-01-01T00:00:00.000Z',
      vendor: { vendorId: 1, businessName: 'Not mine' },
      role: 'ADMIN',
      preferences: { darkMode: true, isAdmin: true },
    });
    expect(response.statusCode).toBe(200);
    const after = await storedUser(user.userId);
    expect(after).toMatchObject({ name: 'Marija Borg', email: before.email, username: before.username, passwordHash: before.passwordHash });
    expect(after.lastLoginAt?.toISOString()).toBe(before.lastLoginAt?.toISOString());
    const { darkMode: _olderKey, ...kept } = before.preferences;
    expect(after.preferences).toEqual({ ...kept, colorScheme: 'dark' });
    expect(response.json().user.vendor).toBeNull();
    // The other account is untouched, and the old password still logs in.
    expect((await storedUser(other.userId)).name).toBe(other.name);
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: user.username, password: user.password } });
    expect(login.statusCode).toBe(200);
  });

  it('keeps the chosen language with the account, shown by GET /auth/me and stored', async () => {
    const user = await signUp(app);
    expect((await me(user)).preferences.language).toBe('en');
    const response = await patchMe(user, { preferences: { language: 'mt' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.preferences).toEqual({ emailNotifications: true, darkMode: null, language: 'mt', shopEntryDetection: false });
    expect((await me(user)).preferences.language).toBe('mt');
    expect((await storedUser(user.userId)).preferences).toMatchObject({ language: 'mt' });
    // Another preference leaves it as it is; choosing again replaces it.
    await patchMe(user, { preferences: { darkMode: true } });
    expect((await me(user)).preferences).toMatchObject({ darkMode: true, language: 'mt' });
    await patchMe(user, { preferences: { language: 'ar' } });
    expect((await me(user)).preferences.language).toBe('ar');
  });

  it('answers 401 without a session or with a forged token', async () => {
    const anonymous = await patchMe(undefined, { name: 'Nobody Here' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MESSAGES.notSignedIn);

    const forged = await patchMe({ cookies: { auth_token: 'not.a.token' } } as Account, { name: 'Nobody Here' });
    expect(forged.statusCode).toBe(401);
  });

  it('shows an owner’s business, and the role stays derived from it', async () => {
    const owner = await signUp(app);
    const vendorId = await registerBusiness(app, owner, { businessName: 'Ta’ Pawlu Bakery' });
    const response = await patchMe(owner, { name: 'Pawlu Zammit', preferences: { darkMode: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'Pawlu Zammit', vendor: { vendorId, businessName: 'Ta’ Pawlu Bakery' } });
  });
});

describe('last login', () => {
  it('is set at sign-up, shown by GET /auth/me, and moves on each login', async () => {
    const user = await signUp(app);
    const first = (await me(user)).lastLoginAt as string;
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect((await storedUser(user.userId)).lastLoginAt?.toISOString()).toBe(first);

    // Put the stored time in the past, so the next login's time is certainly later.
    const past = new Date('2025-01-02T03:04:05.000Z');
    await testDb.database.db.update(users).set({ lastLoginAt: past }).where(eq(users.id, user.userId));
    expect((await me(user)).lastLoginAt).toBe(past.toISOString());

    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: user.username, password: user.password } });
    expect(login.statusCode).toBe(200);
    const afterLogin = (await me(user)).lastLoginAt as string;
    expect(Date.parse(afterLogin)).toBeGreaterThan(past.getTime());

    // A failed login does not count as one.
    await testDb.database.db.update(users).set({ lastLoginAt: past }).where(eq(users.id, user.userId));
    const failed = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: user.username, password: 'wrongpass1' } });
    expect(failed.statusCode).toBe(401);
    expect((await me(user)).lastLoginAt).toBe(past.toISOString());
  });

  it('is null for an account that never logged in (as the demo seed could leave one)', async () => {
    const user = await signUp(app);
    await testDb.database.db.update(users).set({ lastLoginAt: null }).where(eq(users.id, user.userId));
    expect((await me(user)).lastLoginAt).toBeNull();
    const patched = await patchMe(user, { name: 'Still Never' });
    expect(patched.json().user.lastLoginAt).toBeNull();
  });
});
