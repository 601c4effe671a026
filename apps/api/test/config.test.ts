import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'qrib-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has safe defaults for local use', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', cookieSecure: true, seedDemo: true, databaseUrl: undefined, apiDocs: 'admin' });
    expect(config.dataDir).toBe(dataDir);
  });

  it('listens on loopback unless HOST says otherwise, and opens the API docs to anyone only with API_DOCS=public', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: tempDir(), API_DOCS: 'public' }).apiDocs).toBe('public');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/qrib'],
    ['JWT_SECRET', 'short'],
    ['COOKIE_SECURE', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['MAP_STYLE_URL', 'tiles.example.com/style.json'],
    ['MAP_STYLE_URL', 'ftp://tiles.example.com/style.json'],
    ['SMTP_URL', 'mail.example.com:587'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['MAIL_FROM', 'no address here'],
    ['MAIL_SENDING', 'sometimes'],
    ['MAIL_RETRY_BASE_SECONDS', '0'],
    ['API_DOCS', 'everyone'],
  ])('refuses a bad %s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('generates a JWT secret once under DATA_DIR and keeps it across restarts', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8')).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('never trusts every proxy: true means one hop, and lists stay lists', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY:/);
  });

  it('takes an OpenID Connect provider with all four OIDC_* variables or none, naming each one missing', () => {
    const all = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'qrib', OIDC_CLIENT_SECRET: 's3cret', OIDC_DISPLAY_NAME: 'ExampleID' };
    expect(loadConfig({ DATA_DIR: tempDir() }).oidc).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), ...all }).oidc).toEqual({ issuer: 'https://id.example.com', clientId: 'qrib', clientSecret: 's3cret', displayName: 'ExampleID' });
    for (const missing of Object.keys(all)) {
      const some = Object.fromEntries(Object.entries(all).filter(([name]) => name !== missing));
      expect(() => loadConfig({ DATA_DIR: tempDir(), ...some })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: tempDir(), ...some })).toThrow(new RegExp(`${missing}: is required when any OIDC_\\* variable is set`));
    }
    expect(() => loadConfig({ DATA_DIR: tempDir(), OIDC_DISPLAY_NAME: 'ExampleID' })).toThrow(/OIDC_ISSUER:.*OIDC_CLIENT_ID:.*OIDC_CLIENT_SECRET:/s);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...all, OIDC_ISSUER: 'id.example.com' })).toThrow(/OIDC_ISSUER:/);
  });

  it('uses JWT_SECRET and DATABASE_URL when given', () => {
    const secret = 'x'.repeat(40);
    const config = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret, DATABASE_URL: 'postgres://u:p@db:5432/qrib' });
    expect(config.jwtSecret).toBe(secret);
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/qrib');
  });

  it('writes mails to DATA_DIR/outbox without SMTP_URL, and takes the mail settings when given', () => {
    const dataDir = tempDir();
    const local = loadConfig({ DATA_DIR: dataDir });
    expect(local).toMatchObject({ smtpUrl: undefined, mailSending: true, mailRetryBaseMs: 60_000, mailOutboxDir: path.join(dataDir, 'outbox') });
    const configured = loadConfig({
      DATA_DIR: dataDir,
      SMTP_URL: 'smtps://qrib:secret@mail.example.com:465',
      MAIL_FROM: 'Qrib <hello@qrib.mt>',
      MAIL_SENDING: 'false',
      MAIL_RETRY_BASE_SECONDS: '2.5',
    });
    expect(configured).toMatchObject({ smtpUrl: 'smtps://qrib:secret@mail.example.com:465', mailFrom: 'Qrib <hello@qrib.mt>', mailSending: false, mailRetryBaseMs: 2500 });
  });

  it('sweeps storage with a grace of an hour unless STORAGE_SWEEP_GRACE_MINUTES says otherwise (5 minutes to a week)', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).storageSweepGraceMs).toBe(60 * 60_000);
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE_SWEEP_GRACE_MINUTES: '15' }).storageSweepGraceMs).toBe(15 * 60_000);
    for (const value of ['1', '0.5', '20000', 'soon']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE_SWEEP_GRACE_MINUTES: value })).toThrow(/STORAGE_SWEEP_GRACE_MINUTES:/);
    }
  });
});
