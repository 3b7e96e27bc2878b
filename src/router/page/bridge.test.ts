import { describe, expect, it } from 'vitest';
import { bridgeUrl, CROWDIN_BRIDGE, followTheme } from './bridge.ts';

describe('the bridge script', () => {
  it("comes from Crowdin's CDN for a Crowdin origin", () => {
    expect(bridgeUrl('https://acme.crowdin.com')).toBe(CROWDIN_BRIDGE);
    expect(bridgeUrl('https://crowdin.com')).toBe(CROWDIN_BRIDGE);
  });

  it('comes from the origin itself for any other host (the emulator)', () => {
    expect(bridgeUrl('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787/apps/dist/iframe.js');
    expect(bridgeUrl('https://crowdin.com.example.org/x')).toBe(
      'https://crowdin.com.example.org/apps/dist/iframe.js',
    );
    // Plain http is not Crowdin, whatever the name says.
    expect(bridgeUrl('http://acme.crowdin.com')).toBe('http://acme.crowdin.com/apps/dist/iframe.js');
  });

  it('is not loaded for an origin that is no web origin', () => {
    expect(bridgeUrl(null)).toBe(null);
    expect(bridgeUrl('javascript:alert(1)')).toBe(null);
    expect(bridgeUrl('not a url')).toBe(null);
  });
});

describe("the host's theme", () => {
  it('is followed as the bridge tells it, light or dark only; a bridge without getTheme changes nothing', () => {
    const root = { dataset: {} as Record<string, string>, style: {} as Record<string, string> };
    let tell: (theme: string) => void = () => {};
    followTheme(
      { formDataUpdated: () => {}, getTheme: (callback) => (tell = callback) },
      root as unknown as HTMLElement,
    );
    tell('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    tell('sepia');
    expect(root.dataset.theme).toBe('dark');
    tell('light');
    expect(root.dataset.theme).toBe('light');
    const untouched = { dataset: {}, style: {} };
    followTheme({ formDataUpdated: () => {} }, untouched as unknown as HTMLElement);
    expect(untouched).toEqual({ dataset: {}, style: {} });
  });
});
