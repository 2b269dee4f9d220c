// What the client knows about the player, the casino and the connection, shared by the
// app and the features through one store, and the services (HTTP, the socket) they use.
import { createContext, useContext } from 'react';

import type { AccountConfig } from './account';
import type { FreeChipState } from './bonus';
import type { DeviceInfo } from './device/device';
import type { CurrencyStyle, Units } from './format/money';
import type { Http } from './http/http';
import type { ConnectionStatus, Quality, Realtime } from './realtime/realtime';
import type { Store } from './store';

export interface PlayerInfo {
  id: string;
  name: string;
  type: string;
  currency: string; // symbol
  currencyCode: string;
  symbolBefore: boolean;
  decimals: number;
  balance: string;
  bonusBalance: string;
  actualBalance: string;
  blocksafebets: boolean;
  language: string;
  /** The operator whose player this is (lib/account: a player of the accounts operator). */
  operatorId?: string;
  /** The player's country (ISO 3166 code, "" when unknown): the video telemetry's. */
  countryCode?: string;
  /** A regulated market's game session and ticket (lib/italian-session), when one is open. */
  sessionId?: string;
  ticketId?: string;
}

export interface SpotLimit {
  kind: string;
  payout: number;
  payoutText?: string; // the exact ratio when it is not whole ("0.95")
  inside: boolean;
  min: string;
  max: string;
}

export interface TableConfig {
  tableId: string;
  name: string;
  game: string;
  gameKind: string;
  variant: string; // european, american, mega, powerup
  tableType: string; // roulette, autoroulette, priveroulette, priveroulettedeluxe
  dealer: string;
  channel: string;
  currency: string;
  wheel: string[]; // pocket labels clockwise from zero
  specialBallEvery: number;
  seats: number; // private tables; 0 elsewhere
  squeeze?: boolean; // baccarat squeeze mode
  chatEnabled?: boolean; // false: no chat here (the table, the operator or the jurisdiction)
  seatsPerPlayer?: number; // blackjack: seats one player may hold (3)
  limits: {
    min: string;
    max: string;
    mainMax?: string; // card tables and blackjack: a main spot (a seat, MAIN)
    sideMax?: string; // card tables: a side bet; blackjack: a bet behind
    tableMax?: string; // the player's total in a round, when not `max`
    insideMax: string;
    outsideMax: string;
    oppositeBetsAllowed: boolean;
    tableMin: string;
    maxMultiplier: number;
    spots: SpotLimit[];
  };
  chips: string[];
  defaultChip: string;
  /** Crash tables (spaceman, big bass): the skin and the flight's numbers. */
  crash?: { skin?: string; growth?: number; cap?: string; minTarget?: string };
  timings: { bettingMs: number; closingSoonMs: number; spinMs: number; resultMs: number };
  /** The table's live stream (ui/TableVideo); null or absent: the drawn studio only. */
  video?: TableVideoConfig | null;
}

/** A table's live video as tableConfig gives it. */
export interface TableVideoConfig {
  url: string; // the HLS master playlist, same origin
  renditions: string[]; // best first: high, medium, low
  delayBudgetMs: number; // the delay from the studio above which the meter warns
}

export interface AssignedTable {
  tableId: string;
  name: string;
  game: string;
  gameKind: string;
  tableType?: string;
  seats?: number; // seated tables (blackjack, private roulette)
  seatsTaken?: number; // when the server tells it
  freeSeats?: number; // when the server tells it
  dealer: string;
  players: number;
  limits: { min: string; max: string };
}

export interface AllConfig {
  language: string;
  urlxml: Record<string, string>;
  env: Record<string, string>;
  swearwords: string[];
  playerConfig: { player: PlayerInfo; settings: Record<string, unknown> };
  tableConfig: TableConfig | null;
  casinoConfig: Record<string, unknown>;
  balance: { balance: string; bonusBalance: string; actualBalance: string; currency: string };
  assignedTables: AssignedTable[];
  /** The feature flags (configuredFeatures; SPEC section 5's defaults when unreadable). */
  features: Record<string, boolean>;
}

export type PopupKind =
  | 'session-expired'
  | 'account-restricted'
  | 'logged-out-elsewhere'
  | 'balance-error'
  | 'no-internet'
  | 'idle' // the server closes the session soon for inactivity (SPEC §8 IDLE_MESSAGE)
  | 'kicked-out' // it did: the game is closed until the page is loaded again
  | 'low-balance'; // a bet over the balance, or refused for it (2005, 10104): the cashier

export interface Balance {
  total: Units;
  bonus: Units;
}

export interface SessionState {
  device: DeviceInfo;
  mobile: boolean;
  config: AllConfig | null;
  balance: Balance | null; // null until known; {0,0} after a balance error
  popups: PopupKind[];
  connection: { status: ConnectionStatus; quality: Quality; rtt: number | null };
  /** While the idle message shows: when the session closes without activity (ms epoch). */
  idleClosesAt?: number | null;
  /** The launch said `lobby=false`: no way to Croupier's lobby (the operator has its own). */
  noLobby?: boolean;
  /** The player's free-bet chips (lib/bonus), once /bonus/chips has been read. */
  freeChips?: FreeChipState;
  /** The casino's player accounts (lib/account), once read after the boot. */
  account?: AccountConfig;
}

export interface Services {
  http: Http;
  realtime: Realtime;
  session: Store<SessionState>;
  currency: () => CurrencyStyle;
  /** Saves one player setting (savePlayerConfigGeneric) for the current game. */
  saveSetting: (key: string, value: unknown) => Promise<void>;
  /** Reports that the game (its first state) and its video (first frame) are loaded. */
  loaded: (part: 'game' | 'video') => void;
  showPopup: (kind: PopupKind) => void;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('useServices outside ServicesContext');
  return s;
}
