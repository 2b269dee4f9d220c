// What a table page reads first: the services, and from the session the table's
// configuration, the player and whether the device is a phone; the table's shape on screen
// (lib/viewport) and its channel.
import { useServices } from '../session';
import { useStore } from '../store';
import { useTableShape } from '../viewport';

export function useTablePage(tableId: string) {
  const services = useServices();
  const { session } = services;
  const table = useStore(session, (s) => s.config?.tableConfig ?? null);
  const player = useStore(session, (s) => s.config?.playerConfig.player ?? null);
  const mobile = useStore(session, (s) => s.mobile);
  const shape = useTableShape();
  return { ...services, table, player, mobile, shape, channel: `table-${tableId}` };
}
