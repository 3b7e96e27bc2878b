import { describe, expect, it } from 'vitest';
import { apiUrlFor, isAllowedApiUrl, isValidOrganizationDomain } from './config.ts';
import { emulatorOnlyAuthConfig } from '../testing/fixtures.ts';

const config = emulatorOnlyAuthConfig;

describe('connection hosts', () => {
  it('accepts one DNS label as an organization domain, nothing else', () => {
    expect(isValidOrganizationDomain('acme')).toBe(true);
    expect(isValidOrganizationDomain('my-org2')).toBe(true);
    for (const bad of [
      '',
      'a.b',
      'https://x',
      'x/y',
      'x:1',
      '-x',
      'x-',
      'a'.repeat(64),
      'evil.com#',
      'a b',
    ]) {
      expect(isValidOrganizationDomain(bad), bad).toBe(false);
    }
  });

  it('derives the API URL of each connection', () => {
    expect(apiUrlFor(config, 'emulator', null)).toBe('http://127.0.0.1:8787/api/v2');
    expect(apiUrlFor(config, 'standard', null)).toBe('https://api.crowdin.com/api/v2');
    expect(apiUrlFor(config, 'enterprise', 'Acme')).toBe('https://acme.api.crowdin.com/api/v2');
    expect(() => apiUrlFor(config, 'enterprise', 'evil.example/')).toThrow(/organization domain/);
  });

  it('allows the token to go only to the service hosts and the configured emulator', () => {
    expect(isAllowedApiUrl('https://api.crowdin.com/api/v2', config)).toBe(true);
    expect(isAllowedApiUrl('https://acme.api.crowdin.com/api/v2', config)).toBe(true);
    expect(isAllowedApiUrl('http://127.0.0.1:8787/api/v2', config)).toBe(true);
    for (const bad of [
      'http://api.crowdin.com/api/v2',
      'https://api.crowdin.com.evil.example/api/v2',
      'https://evil.example/api/v2',
      'https://a.b.api.crowdin.com/api/v2',
      'https://user@api.crowdin.com/api/v2',
      'https://api.crowdin.com:8443/api/v2',
      'http://127.0.0.1:9999/api/v2',
      'not a url',
    ]) {
      expect(isAllowedApiUrl(bad, config), bad).toBe(false);
    }
  });
});
