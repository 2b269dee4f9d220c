// Multi-baccarat: every baccarat table the player can join, side by side, each with its
// own cards, spots and bets, without leaving the page.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type TableConfig, useServices } from '../../lib/session';
import { useStore } from '../../lib/store';
import CardTable from './CardTable';

export default function MultiBaccarat() {
  const { t } = useTranslation();
  const { session, http, loaded } = useServices();
  const assigned = useStore(session, (s) => s.config?.assignedTables ?? []);
  const [configs, setConfigs] = useState<TableConfig[] | null>(null);

  useEffect(() => {
    let live = true;
    const ids = assigned.filter((a) => a.game === 'baccarat').map((a) => a.tableId);
    Promise.all(ids.map((tableId) => http.get<TableConfig>('/api/ui/tableConfig', { tableId })))
      .then((list) => live && setConfigs(list))
      .catch(() => live && setConfigs([]));
    return () => {
      live = false;
    };
  }, [assigned, http]);

  useEffect(() => {
    if (configs) {
      loaded('game');
      loaded('video');
    }
  }, [configs, loaded]);

  return (
    <main className="multi-baccarat" data-testid="multi-baccarat">
      <h1>{t('MULTI_BACCARAT')}</h1>
      {configs?.length === 0 && <p>{t('LOBBY_EMPTY')}</p>}
      <div className="multi-grid">
        {configs?.map((c) => (
          <CardTable key={c.tableId} tableId={c.tableId} game="baccarat" config={c} compact />
        ))}
      </div>
    </main>
  );
}
