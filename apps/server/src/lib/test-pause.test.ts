import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { pauseForTest, TEST_PAUSE_VARIABLE } from './test-pause.js';

const saved = { at: process.env[TEST_PAUSE_VARIABLE], marker: process.env.WAG_TEST_PAUSE_MARKER, env: process.env.NODE_ENV };
afterEach(() => {
  for (const [name, value] of [[TEST_PAUSE_VARIABLE, saved.at], ['WAG_TEST_PAUSE_MARKER', saved.marker], ['NODE_ENV', saved.env]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

it('passes straight through unless its step is asked for, and always in production', async () => {
  delete process.env[TEST_PAUSE_VARIABLE];
  await expect(pauseForTest('upload.received')).resolves.toBeUndefined();
  process.env[TEST_PAUSE_VARIABLE] = 'upload.before-row';
  await expect(pauseForTest('upload.received')).resolves.toBeUndefined();
  process.env.NODE_ENV = 'production';
  await expect(pauseForTest('upload.before-row')).resolves.toBeUndefined();
});

it('stops at the step asked for, after noting it in the marker file', async () => {
  const marker = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'wag-pause-')), 'marker');
  process.env[TEST_PAUSE_VARIABLE] = 'upload.before-row';
  process.env.WAG_TEST_PAUSE_MARKER = marker;
  process.env.NODE_ENV = 'test';
  let passed = false;
  void pauseForTest('upload.before-row').then(() => (passed = true));
  await expect.poll(() => fs.readFile(marker, 'utf8').catch(() => '')).toBe('upload.before-row\n');
  expect(passed).toBe(false);
  await fs.rm(path.dirname(marker), { recursive: true, force: true });
});

it('carries on after WAG_TEST_PAUSE_MS when set, and gives up when its signal aborts', async () => {
  process.env[TEST_PAUSE_VARIABLE] = 'job.run';
  process.env.NODE_ENV = 'test';
  delete process.env.WAG_TEST_PAUSE_MARKER;
  process.env.WAG_TEST_PAUSE_MS = '50';
  try {
    const started = Date.now();
    await pauseForTest('job.run');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    delete process.env.WAG_TEST_PAUSE_MS;
    const controller = new AbortController();
    const paused = pauseForTest('job.run', controller.signal);
    controller.abort(new Error('stopping'));
    await expect(paused).rejects.toThrow('stopping');
  } finally {
    delete process.env.WAG_TEST_PAUSE_MS;
  }
});
