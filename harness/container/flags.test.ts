import { describe, expect, it } from 'vitest';
import { ImageFlagError, imageTargetOptions, parseEnvAssignments } from './flags.js';

describe('imageTargetOptions', () => {
  it('is undefined without --image', () => {
    expect(imageTargetOptions({})).toBeUndefined();
  });

  it('fills the defaults: port 8080, no env, no base path, any HTTP answer within 60 s', () => {
    expect(imageTargetOptions({ image: 'mcs-reference:local' })).toEqual({
      image: 'mcs-reference:local',
      containerPort: 8080,
      env: {},
      basePath: '',
      readiness: { timeoutMs: 60_000 },
    });
  });

  it('reads every container flag', () => {
    const options = imageTargetOptions({
      image: 'registry.example/vendor/mcs@sha256:abc',
      'container-port': '3000',
      env: ['MODE=sandbox', 'TOKEN=a=b'],
      'base-path': 'api/',
      network: 'host',
      'ready-path': 'healthz',
      'ready-log': 'listening',
      'ready-timeout': '5000',
    });
    expect(options).toEqual({
      image: 'registry.example/vendor/mcs@sha256:abc',
      containerPort: 3000,
      env: { MODE: 'sandbox', TOKEN: 'a=b' },
      basePath: '/api',
      network: 'host',
      readiness: { path: '/healthz', logLine: 'listening', timeoutMs: 5000 },
    });
  });

  it.each([
    [{ image: 'has space' }, /--image must be an image name/],
    [{ image: 'x', 'container-port': '0' }, /--container-port must be an integer from 1 to 65535/],
    [{ image: 'x', 'container-port': '80a' }, /--container-port/],
    [{ image: 'x', 'ready-timeout': '-1' }, /--ready-timeout/],
    [{ image: 'x', 'base-path': 'http://x/api' }, /--base-path: base path must be a URL path/],
    [{ image: 'x', 'ready-log': '' }, /--ready-log must not be empty/],
    [{ image: 'x', network: 'host net' }, /--network must be a Docker network name/],
    [{ 'container-port': '8080' }, /--container-port only applies with --image/],
    [{ env: ['A=1'] }, /--env only applies with --image/],
  ])('refuses %o', (flags, message) => {
    expect(() => imageTargetOptions(flags)).toThrow(ImageFlagError);
    expect(() => imageTargetOptions(flags)).toThrow(message);
  });
});

describe('parseEnvAssignments', () => {
  it('keeps empty values and lets a later key win', () => {
    expect(parseEnvAssignments(['A=', 'B=1', 'B=2'])).toEqual({ A: '', B: '2' });
  });

  it('never quotes back what may be a secret', () => {
    expect(() => parseEnvAssignments(['s3cr3t-value'])).toThrow("--env must be KEY=VALUE; one value has no '='");
    expect(() => parseEnvAssignments(['BAD-NAME=s3cr3t'])).toThrow(/not 'BAD-NAME'$/);
    try {
      parseEnvAssignments(['BAD-NAME=s3cr3t']);
    } catch (error) {
      expect(String(error)).not.toContain('s3cr3t');
    }
  });
});
