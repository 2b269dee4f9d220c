// Provably fair verification: recomputes a round's outcome from its revealed seed, in the
// browser, without WebCrypto (verify.ts).
export {
  type FairRecord,
  type Verdict,
  FairStream,
  commitmentOf,
  deriveOutcome,
  drawFromShoe,
  slotStops,
  verifyRound,
} from './verify';
export { fromHex, hmacSha256, sha256, toHex } from './sha256';
