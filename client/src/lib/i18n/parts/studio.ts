// The studio console's words (/studio, for the studio's staff) in every language, one
// chunk each (see ../index.ts, TEXT_PARTS).
import type { PartLoaders, PartModule } from '../index';

const loaders: PartLoaders = import.meta.glob<PartModule>('../locales/*.json', {
  query: '?part=studio',
});
export default loaders;
