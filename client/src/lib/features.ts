// Feature flags (SPEC sections 3, 5 and 7: configuredFeatures): the operator's switches
// for whole features. feature_combineAPI picks how the configuration loads (app/boot);
// feature_chat turns the chat off (the server's tableConfig.chatEnabled already says so,
// and refuses); feature_statistics hides the statistics panels of the tables (roulette's
// statistics, sic bo's statistics, andar bahar's card statistics). Unreadable flags are
// these defaults, combineAPI off (SPEC section 5).
import { useServices } from './session';
import { useStore } from './store';

export const DEFAULT_FEATURES: Readonly<Record<string, boolean>> = {
  feature_combineAPI: false,
  feature_chat: true,
  feature_statistics: true,
};

/** The flags as served (true/false values only), over the defaults; throws when not flags. */
export function parseFeatures(value: unknown): Record<string, boolean> {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error('feature flags are not an object');
  const flags: Record<string, boolean> = { ...DEFAULT_FEATURES };
  for (const [k, v] of Object.entries(value)) if (typeof v === 'boolean') flags[k] = v;
  return flags;
}

/** Whether feature `name` is on for this player (its default until the flags are read). */
export function useFeature(name: string): boolean {
  const { session } = useServices();
  return useStore(session, (s) => s.config?.features?.[name] ?? DEFAULT_FEATURES[name] ?? false);
}
