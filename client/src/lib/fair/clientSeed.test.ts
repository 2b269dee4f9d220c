import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  CLIENT_SEED_KEY,
  generateClientSeed,
  getClientSeed,
  isValidClientSeed,
  setClientSeed,
} from './clientSeed';
import { MemoryStorage } from '../storage.test-util';

/** Storage as a privacy mode gives it: reads nothing, refuses every write. */
class RefusingStorage {
  getItem() {
    return null;
  }
  setItem() {
    throw new DOMException('refused', 'QuotaExceededError');
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('isValidClientSeed', () => {
  it('takes 1 to 64 letters, digits, - and _', () => {
    for (const seed of ['a', 'Z', '0', '-', '_', 'alice', 'a-1_B2', 'x'.repeat(64)])
      expect(isValidClientSeed(seed), seed).toBe(true);
  });

  it('refuses the empty text, a 65th character and everything else', () => {
    for (const seed of ['', 'x'.repeat(65), 'a,b', 'a b', ' a', 'a\n', 'é', 'a:b', '<a>', 'a"'])
      expect(isValidClientSeed(seed), JSON.stringify(seed)).toBe(false);
    expect(isValidClientSeed(null)).toBe(false);
    expect(isValidClientSeed(12)).toBe(false);
  });
});

describe('generateClientSeed', () => {
  it('makes 16 characters of [a-z0-9] with crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    const seeds = new Set(Array.from({ length: 50 }, () => generateClientSeed()));
    for (const seed of seeds) expect(seed).toMatch(/^[a-z0-9]{16}$/);
    expect(seeds.size).toBe(50);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('needs no WebCrypto subtle (pages over plain HTTP have none)', () => {
    const bare = { getRandomValues: (a: Uint8Array) => a.fill(7) };
    vi.stubGlobal('crypto', bare);
    expect(globalThis.crypto.subtle).toBeUndefined();
    expect(generateClientSeed()).toBe('h'.repeat(16));
  });

  it('draws again rather than fold the bytes over 251 onto the first letters', () => {
    // 252..255 are refused: folding them would make a-d likelier than the rest. 251 is
    // the last byte taken (251 mod 36 = 35, "9").
    let call = 0;
    const fill = (a: Uint8Array) => {
      if (call++ === 0) a.set([251, 252, 253, 254, ...Array<number>(12).fill(255)]);
      else a.fill(1);
      return a;
    };
    expect(generateClientSeed(fill)).toBe('9' + 'b'.repeat(15));
    expect(call).toBe(2);
  });
});

describe('the stored seed', () => {
  it('is made on first use, kept, and the same on every later use', () => {
    const storage = new MemoryStorage();
    const seed = getClientSeed(storage);
    expect(seed).toMatch(/^[a-z0-9]{16}$/);
    expect(storage.getItem(CLIENT_SEED_KEY)).toBe(seed);
    expect(getClientSeed(storage)).toBe(seed);
  });

  it("lives in the page's local storage by default", () => {
    const seed = getClientSeed();
    expect(localStorage.getItem(CLIENT_SEED_KEY)).toBe(seed);
    expect(setClientSeed('my-own_seed1')).toBe(true);
    expect(localStorage.getItem(CLIENT_SEED_KEY)).toBe('my-own_seed1');
    expect(getClientSeed()).toBe('my-own_seed1');
  });

  it("takes the player's own seed, and refuses an invalid one without losing the old", () => {
    const storage = new MemoryStorage();
    expect(setClientSeed('lucky-7', storage)).toBe(true);
    expect(getClientSeed(storage)).toBe('lucky-7');
    for (const bad of ['', 'two words', 'a,b', 'x'.repeat(65)])
      expect(setClientSeed(bad, storage)).toBe(false);
    expect(getClientSeed(storage)).toBe('lucky-7');
  });

  it('makes a new seed in place of a damaged one', () => {
    const storage = new MemoryStorage();
    storage.setItem(CLIENT_SEED_KEY, 'not,valid');
    const seed = getClientSeed(storage);
    expect(seed).toMatch(/^[a-z0-9]{16}$/);
    expect(storage.getItem(CLIENT_SEED_KEY)).toBe(seed);
  });

  it('lasts as long as the page where storage is refused, and is kept once it is not', () => {
    const refusing = new RefusingStorage();
    const seed = getClientSeed(refusing);
    expect(getClientSeed(refusing)).toBe(seed);
    expect(getClientSeed(null)).toBe(seed);
    expect(setClientSeed('page-only', refusing)).toBe(true);
    expect(getClientSeed(refusing)).toBe('page-only');

    const storage = new MemoryStorage();
    storage.setItem(CLIENT_SEED_KEY, 'older-seed');
    expect(getClientSeed(storage)).toBe('page-only'); // the player's latest choice wins
    expect(storage.getItem(CLIENT_SEED_KEY)).toBe('page-only');
    storage.setItem(CLIENT_SEED_KEY, 'from-another-tab');
    expect(getClientSeed(storage)).toBe('from-another-tab');
  });
});
