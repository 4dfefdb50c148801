import { describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';
import { serverOptionsOf } from './operator-config.js';

const loggerOf = (flags: Record<string, unknown>, interactive: boolean) => serverOptionsOf(loadConfig({ env: {}, flags }), interactive).logger;

describe('the log level of inlay start', () => {
  it('keeps request logs off an interactive terminal in demo mode, and is info everywhere else', () => {
    expect(loggerOf({ demo: true }, true)).toEqual({ level: 'warn' });
    expect(loggerOf({ demo: true }, false)).toEqual({ level: 'info' });
    expect(loggerOf({}, true)).toEqual({ level: 'info' });
  });

  it('follows --log-level whenever one is given', () => {
    expect(loggerOf({ demo: true, logLevel: 'info' }, true)).toEqual({ level: 'info' });
    expect(loggerOf({ demo: true, logLevel: 'debug' }, false)).toEqual({ level: 'debug' });
    expect(loggerOf({ logLevel: 'silent' }, true)).toBe(false);
  });
});
