// The candy wheel page's words in every language, one chunk each (see ../index.ts, TEXT_PARTS).
import type { PartLoaders, PartModule } from '../index';

const loaders: PartLoaders = import.meta.glob<PartModule>('../locales/*.json', {
  query: '?part=sweetbonanza',
});
export default loaders;
