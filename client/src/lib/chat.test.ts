import { describe, expect, it } from 'vitest';

import { hasSwearword } from './chat';

describe('the chat word check', () => {
  const words = ['hell', 'crap', 'merde'];
  it('finds a listed word whole and in any case, as the server does', () => {
    expect(hasSwearword('what the hell', words)).toBe(true);
    expect(hasSwearword('HELL!', words)).toBe(true);
    expect(hasSwearword('oh crap, 17 again', words)).toBe(true);
    expect(hasSwearword('Merde.', words)).toBe(true);
    expect(hasSwearword('hello shellfish', words)).toBe(false);
    expect(hasSwearword('crappie', words)).toBe(false);
    expect(hasSwearword('hellé', words)).toBe(false);
    expect(hasSwearword('good luck', words)).toBe(false);
    expect(hasSwearword('hell', [])).toBe(false);
  });
});
