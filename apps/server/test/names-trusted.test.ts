// Names a player can trust (ADR 0046): no invisible or text-direction characters in display
// names and usernames wherever they are set, no reserved name (or a look-alike of one), and
// no username that looks like another player's (Unicode TR39 confusable skeleton), decided
// by a unique index so two players racing for look-alikes cannot both win.
import { ERRORS } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getProfile } from '../src/modules/profiles/index.ts';
import { buildTestApp } from './support/app.ts';
import { browser, uniqueEmail } from './support/browser.ts';
import { signUpPlayer, type Player } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';
import { createTestUser } from './support/users.ts';

/** One of each kind of hidden character the rule names, as a player could paste it. */
const HIDDEN: readonly [string, string][] = [
  ['right-to-left override', 'ev\u202Eli'],
  ['right-to-left isolate', 'ev\u2067il\u2069'],
  ['right-to-left mark', 'evil\u200F'],
  ['zero-width space', 'ze\u200Bdd'],
  ['zero-width joiner', 'ze\u200Ddd'],
  ['word joiner', 'ze\u2060dd'],
  ['byte order mark', '\uFEFFzedd'],
  ['soft hyphen', 'ze\u00ADdd'],
  ['Hangul filler (a letter that shows nothing)', 'ze\u3164dd'],
  ['combining grapheme joiner', 'ze\u034Fdd'],
  ['tag character', 'zedd\u{E0041}'],
  ['line separator', 'ze\u2028dd'],
];

const RESERVED = ['admin', 'Administrator', 'SUPPORT', 'moderator', 'Mod', 'system', 'root', 'Staff', 'Card Counter', 'cardcounter', 'card_counter', 'аdmin' /* Cyrillic а */, 'ｓｕｐｐｏｒｔ', '𝐫𝐨𝐨𝐭'];

const me = async (p: Player) => (await p.call('GET', '/api/me')).json() as { username: string; displayName: string };

forEachDatabase('names a player can trust', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('sign-up refuses a name with an invisible or text-direction character (400 NAME_CHARACTERS_NOT_ALLOWED) and creates nothing', async () => {
    for (const [what, name] of HIDDEN) {
      const email = uniqueEmail('hidden');
      const res = await browser(app).post('/api/auth/sign-up/email', { email, password: 'correct-horse-9', name });
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({
        error: { code: 'NAME_CHARACTERS_NOT_ALLOWED', message: ERRORS.NAME_CHARACTERS_NOT_ALLOWED.message },
      });
      const ok = await browser(app).post('/api/auth/sign-up/email', { email, password: 'correct-horse-9', name: 'Fine' });
      expect(ok.statusCode, what).toBe(200);
    }
  });

  it('PATCH /api/me refuses hidden characters in either name, says which, and changes nothing', async () => {
    const p = await signUpPlayer(app, 'hidden-patch', 'Plain Player');
    const before = await me(p);
    for (const [what, name] of HIDDEN) {
      for (const field of ['displayName', 'username'] as const) {
        const res = await p.call('PATCH', '/api/me', { [field]: name });
        expect(res.statusCode, `${what} in ${field}`).toBe(400);
        const body = res.json() as { error: { code: string; details: { field: string; character: string } } };
        expect(body.error.code, `${what} in ${field}`).toBe('NAME_CHARACTERS_NOT_ALLOWED');
        expect(body.error.details.field).toBe(`body.${field}`);
        expect(body.error.details.character).toMatch(/^U\+[0-9A-F]{4,6}$/);
      }
    }
    // Control characters keep their older answer.
    expect((await p.call('PATCH', '/api/me', { displayName: 'tab\there' })).json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED' },
    });
    expect(await me(p)).toEqual(before);
  });

  it('an emoji keeps its presentation selector in a display name, but not in a username', async () => {
    const p = await signUpPlayer(app, 'emoji', 'Emoji Player');
    const res = await p.call('PATCH', '/api/me', { displayName: 'Ann \u2764\uFE0F' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(p)).displayName).toBe('Ann \u2764\uFE0F');
    expect((await p.call('PATCH', '/api/me', { displayName: 'A\uFE0Fnn' })).json()).toMatchObject({
      error: { code: 'NAME_CHARACTERS_NOT_ALLOWED' },
    });
  });

  it('reserved names and their look-alikes are refused at sign-up and as either name (400 NAME_RESERVED)', async () => {
    const p = await signUpPlayer(app, 'reserved', 'Ordinary Player');
    const before = await me(p);
    for (const name of RESERVED) {
      const signUp = await browser(app).post('/api/auth/sign-up/email', {
        email: uniqueEmail('reserved'),
        password: 'correct-horse-9',
        name,
      });
      expect(signUp.statusCode, name).toBe(400);
      expect(signUp.json(), name).toMatchObject({ error: { code: 'NAME_RESERVED', message: ERRORS.NAME_RESERVED.message } });
      for (const field of ['displayName', 'username'] as const) {
        const value = field === 'username' ? name.replace(/ /g, '_') : name;
        const res = await p.call('PATCH', '/api/me', { [field]: value });
        expect(res.statusCode, `${value} as ${field}`).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'NAME_RESERVED' } });
      }
    }
    expect(await me(p)).toEqual(before);
    // Only the names themselves: a name that merely contains one is a player's own.
    expect((await p.call('PATCH', '/api/me', { username: 'admin_fan', displayName: 'Support Act' })).statusCode).toBe(200);
  });

  it("a username that looks like another player's is 409 USERNAME_CONFUSABLE; the same name in another case stays USERNAME_TAKEN", async () => {
    const holder = await signUpPlayer(app, 'zedd', 'Zedd Holder');
    expect((await holder.call('PATCH', '/api/me', { username: 'zedd' })).statusCode).toBe(200);
    const other = await signUpPlayer(app, 'zedd-2', 'Other Player');
    const before = await me(other);
    for (const lookalike of ['z\u0435dd' /* Cyrillic е */, 'Z\u0415DD']) {
      const res = await other.call('PATCH', '/api/me', { username: lookalike, displayName: 'Changed' });
      expect(res.statusCode, lookalike).toBe(409);
      expect(res.json()).toEqual({
        error: { code: 'USERNAME_CONFUSABLE', message: ERRORS.USERNAME_CONFUSABLE.message },
      });
    }
    expect((await other.call('PATCH', '/api/me', { username: 'ZEDD' })).json()).toMatchObject({
      error: { code: 'USERNAME_TAKEN' },
    });
    expect(await me(other)).toEqual(before);
    // The holder may write their own name with a look-alike letter: it is still theirs alone.
    expect((await holder.call('PATCH', '/api/me', { username: 'z\u0435dd' })).statusCode).toBe(200);
  });

  it('usernames are stored in NFKC: a full-width name is the plain one, and collides with it', async () => {
    const a = await signUpPlayer(app, 'nfkc-a', 'Nfkc A');
    const res = await a.call('PATCH', '/api/me', { username: 'ｗｉｄｅ_ｏｎｅ' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(a)).username).toBe('wide_one');
    const b = await signUpPlayer(app, 'nfkc-b', 'Nfkc B');
    for (const same of ['wide_one', '\u{1D430}ide_one' /* mathematical bold w */])
      expect((await b.call('PATCH', '/api/me', { username: same })).json(), same).toMatchObject({ error: { code: 'USERNAME_TAKEN' } });
  });

  it('players racing for look-alike usernames: exactly one wins, the others are refused', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, (_, i) => signUpPlayer(app, `race-look-${i}`, `Racer ${i}`)));
    const names = ['racer', 'r\u0430cer', 'rac\u0435r', 'RACER', '\u0433acer'.replace('\u0433', 'r'), 'ra\u0441er'];
    const results = await Promise.all(players.map((p, i) => p.call('PATCH', '/api/me', { username: names[i] })));
    const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : (r.json() as { error: { code: string } }).error.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    for (const c of codes.filter((c) => c !== 'ok')) expect(['USERNAME_TAKEN', 'USERNAME_CONFUSABLE']).toContain(c);
  });

  it("a sign-up whose name looks like a taken username gets a suffixed username, never the look-alike", async () => {
    const holder = await signUpPlayer(app, 'sign-look', 'Someone');
    expect((await holder.call('PATCH', '/api/me', { username: 'Lookalike' })).statusCode).toBe(200);
    const newcomer = await signUpPlayer(app, 'sign-look-2', 'L\u043Eokalike' /* Cyrillic о */);
    const username = (await me(newcomer)).username;
    expect(username).not.toBe('L\u043Eokalike');
    expect(username).toMatch(/^L\u043Eokalike_\d+$/);
  });

  it('a name from Google (not refusable) is stored without its hidden characters, and never as a reserved name', async () => {
    const u = await createTestUser(t.db, { name: 'Ev\u202Eil\u200B Twin' });
    const profile = await getProfile(t.db, u.userId);
    expect(profile?.displayName).toBe('Evil Twin');
    expect(profile?.username).toBe('Evil_Twin');
    const admin = await createTestUser(t.db, { name: 'Admin' });
    const adminProfile = await getProfile(t.db, admin.userId);
    expect(adminProfile?.displayName).not.toBe('Admin');
    expect(adminProfile?.username).toMatch(/^Admin_\d+$/);
  });
});
