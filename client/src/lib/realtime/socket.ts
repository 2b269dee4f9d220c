// The browser's WebSocket behind the SocketLike shape, for the sockets other than the
// table socket (lib/promotions' promotions socket): the one place outside realtime.ts that
// opens one.
import type { SocketLike } from './realtime';

/** A new browser WebSocket to `url`. */
export function browserSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}
