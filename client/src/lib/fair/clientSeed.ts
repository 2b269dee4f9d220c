// The player's client seed (docs/provably-fair.md): a text the bet commands carry (pbet,
// placebets, lpbet), so that a round's outcome depends on the players too and not on the
// server's seed alone. The round's client seed is the seeds of the first three players
// whose bets were accepted, joined by ",".
//
// Kept in local storage, so that a player who chose their own keeps it from visit to
// visit; made on first use from crypto.getRandomValues, which, unlike WebCrypto's subtle,
// is there on pages served over plain HTTP too. Where the browser refuses storage
// (privacy modes, a third-party frame) the seed lasts as long as the page.

export const CLIENT_SEED_KEY = 'croupier.clientSeed';

/** What the server takes: 1 to 64 letters, digits, "-" and "_". */
const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

/** A made seed: 16 characters of [a-z0-9]. */
const GENERATED_LENGTH = 16;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 36 a byte holds: bytes from it up are drawn again, not folded. */
const BYTE_LIMIT = 256 - (256 % ALPHABET.length);

type SeedStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The page's local storage; null where the browser refuses it. */
function browserStorage(): SeedStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The seed of this page when storage refused it (written out once storage takes it). */
let unsaved: string | null = null;

export function isValidClientSeed(seed: unknown): seed is string {
  return typeof seed === 'string' && CLIENT_SEED.test(seed);
}

/** A new seed: 16 characters of [a-z0-9], each equally likely. */
export function generateClientSeed(
  fill: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  let seed = '';
  while (seed.length < GENERATED_LENGTH) {
    for (const b of fill(new Uint8Array(GENERATED_LENGTH))) {
      if (b < BYTE_LIMIT && seed.length < GENERATED_LENGTH) seed += ALPHABET[b % ALPHABET.length];
    }
  }
  return seed;
}

function read(storage: SeedStorage | null): string | null {
  try {
    const saved = storage?.getItem(CLIENT_SEED_KEY) ?? null;
    return isValidClientSeed(saved) ? saved : null;
  } catch {
    return null;
  }
}

/** Whether the seed is now in storage. */
function write(storage: SeedStorage | null, seed: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(CLIENT_SEED_KEY, seed);
    return true;
  } catch {
    return false; // full or refused
  }
}

/** The player's client seed; made and kept on first use (a damaged one is made anew). */
export function getClientSeed(storage: SeedStorage | null = browserStorage()): string {
  if (unsaved === null) {
    const saved = read(storage);
    if (saved !== null) return saved;
  }
  const seed = unsaved ?? generateClientSeed();
  unsaved = write(storage, seed) ? null : seed;
  return seed;
}

/** Takes the player's own seed for the bets to come; false, and nothing kept, when invalid. */
export function setClientSeed(
  seed: string,
  storage: SeedStorage | null = browserStorage(),
): boolean {
  if (!isValidClientSeed(seed)) return false;
  unsaved = write(storage, seed) ? null : seed;
  return true;
}
