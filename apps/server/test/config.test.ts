import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../src/modules/system/index.ts';
import { ConfigError, loadConfig } from '../src/config.ts';

const SECRET = 'x'.repeat(32);

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      adminUserIds: [],
      google: undefined,
      stripe: undefined,
      webDistDir: '/srv/app/apps/web/dist',
      installableApp: false,
      missing: [],
    });
  });

  it('turns installable-app mode on with INSTALLABLE_APP=on only', () => {
    expect(loadConfig({ INSTALLABLE_APP: 'on' }).installableApp).toBe(true);
    expect(loadConfig({ INSTALLABLE_APP: 'off' }).installableApp).toBe(false);
  });

  it('reads the tournament schedules (TOURNAMENT_SCHEDULES): none by default, a comma list of daily and weekly', () => {
    expect(loadConfig({}).tournamentSchedules).toEqual([]);
    expect(loadConfig({ TOURNAMENT_SCHEDULES: ' daily , weekly ' }).tournamentSchedules).toEqual(['daily', 'weekly']);
    expect(loadConfig({ TOURNAMENT_SCHEDULES: 'weekly' }).tournamentSchedules).toEqual(['weekly']);
  });

  it('parses values', () => {
    const c = loadConfig({
      PORT: '8080',
      ADMIN_USER_IDS: ' a, b ,,c ',
      DATABASE_URL: 'postgres://u@h/db',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'sec',
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_PUBLISHABLE_KEY: 'pk',
    });
    expect(c.port).toBe(8080);
    expect(c.appUrl).toBe('http://localhost:8080');
    expect(c.adminUserIds).toEqual(['a', 'b', 'c']);
    expect(c.google?.discoveryUrl).toBe('https://accounts.google.com/.well-known/openid-configuration');
    expect(buildAppConfig(c)).toMatchObject({
      auth: { google: true },
      payments: { mode: 'stripe', publishableKey: 'pk' },
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV'],
    [{ GOOGLE_CLIENT_ID: 'only-id' }, 'GOOGLE_CLIENT_SECRET'],
    [{ STRIPE_SECRET_KEY: 'sk' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ NODE_ENV: 'production' }, 'BETTER_AUTH_SECRET'],
    [{ BETTER_AUTH_SECRET: 'short' }, 'BETTER_AUTH_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ INSTALLABLE_APP: 'true' }, 'INSTALLABLE_APP'],
    [{ TOURNAMENT_SCHEDULES: 'hourly' }, 'TOURNAMENT_SCHEDULES'],
    [{ TOURNAMENT_SCHEDULES: 'daily,daily' }, 'TOURNAMENT_SCHEDULES'],
  ])('stops on %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('lists missing auth, payment and mail settings in production, never filling in demo ones', () => {
    const c = loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: SECRET });
    expect(c.missing).toEqual([
      'APP_URL',
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SMTP_URL',
    ]);
    expect(buildAppConfig(c).missing).toEqual(c.missing);
    expect(loadConfig({ NODE_ENV: 'development' }).missing).toEqual([]);
  });
});
