import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('server processes (WORKERS)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kiyasla-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is one process unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).workers).toBe(1);
  });

  it('forks several only on PostgreSQL: the embedded database has one owner', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://h/db', WORKERS: '2' }).workers).toBe(2);
    expect(() => loadConfig({ DATA_DIR: dataDir, WORKERS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, WORKERS: '2' })).toThrow(/WORKERS above 1 needs DATABASE_URL/);
  });

  it('refuses a count that is not a whole number from 1 to 64', () => {
    for (const bad of ['0', '-1', '1.5', 'iki', '65']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://h/db', WORKERS: bad })).toThrow(
        /WORKERS:/,
      );
    }
  });
});

describe('Web Push destinations (PUSH_FETCH_ALLOW)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kiyasla-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is empty unless told otherwise: public https push services only', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).push).toEqual({ fetchAllow: [] });
  });

  it('reads a comma-separated list, trimmed and lower-case', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PUSH_FETCH_ALLOW: ' 127.0.0.1 , PushRelay.corp:8443,,' }).push).toEqual({
      fetchAllow: ['127.0.0.1', 'pushrelay.corp:8443'],
    });
  });
});
