// A stand-in for lib/realtime in the host tests: handlers by type, events pushed by hand.
import type { ConnectionStatus, ServerMessage } from '../realtime/realtime';

export class FakeRealtime {
  private readonly handlers = new Map<string, Set<(m: ServerMessage) => void>>();
  private readonly statusHandlers = new Set<(s: ConnectionStatus) => void>();
  status: ConnectionStatus = 'connecting';
  connects = 0;
  closes = 0;
  posted: string[] = [];

  post(xml: string): boolean {
    if (this.status !== 'open') return false;
    this.posted.push(xml);
    return true;
  }

  on(type: string, handler: (m: ServerMessage) => void): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  onStatus(handler: (s: ConnectionStatus) => void): () => void {
    this.statusHandlers.add(handler);
    handler(this.status);
    return () => this.statusHandlers.delete(handler);
  }

  getStatus(): ConnectionStatus {
    return this.status;
  }

  connect(): void {
    this.connects++;
    this.setStatus('open');
  }

  close(): void {
    this.closes++;
    this.setStatus('closed');
  }

  setStatus(s: ConnectionStatus): void {
    if (s === this.status) return;
    this.status = s;
    for (const h of this.statusHandlers) h(s);
  }

  emit(m: ServerMessage): void {
    for (const h of this.handlers.get(m.type) ?? []) h(m);
  }
}
