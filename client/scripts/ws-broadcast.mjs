// The Node.js peer of the fan-out benchmark (bench/fanout.sh): the `ws` library's
// documented broadcast, every connected client sent the same text `rate` times a second.
// The text is the size of croupierd's timer event and carries "ts" (the wall clock in ms)
// where the load client reads it, as croupierd's events do.
//
//   node scripts/ws-broadcast.mjs --port P [--rate 10] [--bytes 180]
import { WebSocketServer, WebSocket } from 'ws';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce(
      (pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs),
      [],
    ),
);
const port = Number(args.port ?? 0);
const rate = Number(args.rate ?? 10);
const bytes = Number(args.bytes ?? 180);

const wss = new WebSocketServer({ host: '127.0.0.1', port, perMessageDeflate: false });
let v = 0;

function message() {
  v += 1;
  const head = `{"type":"timer","table":"rou-1","v":${v},"ts":${Date.now()},"pad":"`;
  const tail = '"}';
  return head + 'x'.repeat(Math.max(0, bytes - head.length - tail.length)) + tail;
}

setInterval(() => {
  const data = message();
  for (const client of wss.clients) {
    if (client.readyState === WebSocket.OPEN) client.send(data);
  }
}, 1000 / rate);

wss.on('listening', () => {
  console.log(`listening ${wss.address().port}`);
});
