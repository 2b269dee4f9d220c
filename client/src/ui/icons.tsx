// Small line icons for the table's panel buttons: on phones the buttons show only these
// (their words stay their accessible names and tooltips).
/** The props every line icon of the client shares (the header's too). */
export const iconProps = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export type IconName =
  'racetrack' | 'statistics' | 'chat' | 'help' | 'limits' | 'fair' | 'trophy' | 'disconnected';

const PATHS: Record<IconName, string> = {
  racetrack: 'M7 5h10a7 7 0 0 1 0 14H7A7 7 0 0 1 7 5zM8 9h8a3 3 0 0 1 0 6H8a3 3 0 0 1 0-6z',
  statistics: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  chat: 'M4 5h16v11H9l-5 4z',
  help: 'M9.1 9a3 3 0 1 1 4.2 2.7c-.8.4-1.3 1.1-1.3 2V15M12 18.5v.5M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20z',
  limits: 'M4 6h16M4 12h10M4 18h6M18 14v6M15 17h6',
  fair: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  // The promotion trophy (ui/PromoTrophy): a cup with handles on a stand.
  trophy:
    'M7 4h10v5a5 5 0 0 1-10 0zM7 6H4a3 3 0 0 0 3.5 4M17 6h3a3 3 0 0 1-3.5 4M12 14v3M8 21h8M9 17h6v4H9z',
  // A link down (the promotions socket, SPEC §8): the wireless arcs, struck through.
  disconnected:
    'M3 3l18 18M8.5 16.4a5 5 0 0 1 6.1-.6M5 12.6a10 10 0 0 1 4.3-2.4M19 12.6a10 10 0 0 0-3.1-1.9M1.6 9a15 15 0 0 1 4.1-2.6M22.4 9A15 15 0 0 0 11 5.1M12 20h.01',
};

export function Icon({ name }: { name: IconName }) {
  return (
    <svg {...iconProps} className="icon">
      <path d={PATHS[name]} />
    </svg>
  );
}
